// The page loads lazily from app/routes.tsx (its own file, so that it is a chunk of its own); the router starts the
// dashboard's calls with prefetchDashboard, and a writer of what the dashboard shows refreshes it by dashboardKeys.
export { dashboardKeys, prefetchDashboard } from './queries';
