import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { RoutesFailedPage } from './RoutesFailedPage';

/** A screen whose code could not be loaded (a new release, a lost connection) offers a refresh. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RoutesFailedPage />;
}
