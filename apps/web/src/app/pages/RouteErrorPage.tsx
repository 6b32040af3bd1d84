import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../../core/pages/NotFoundPage';
import { RoutesFailedPage } from './RoutesFailedPage';

/** A screen whose code could not be loaded (a new release, a lost connection) offers a refresh. */
export function RouteErrorPage() {
  const error = useRouteError();
  // The cause stays in the browser's console for support (the page itself says only what to do).
  useEffect(() => console.error('Route failed:', error), [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RoutesFailedPage />;
}
