import { lazy } from 'react';

// The pages are loaded lazily by routes.tsx; the dashboard shows the card.
export { RequirementsCard } from './RequirementsCard';
export { trainingRequirementsRoutes } from './routes';

/** The AOR Center's Required training tab (staff): loaded when opened. */
export const RequirementsPanel = lazy(() => import('./RequirementsPanel').then((m) => ({ default: m.RequirementsPanel })));
