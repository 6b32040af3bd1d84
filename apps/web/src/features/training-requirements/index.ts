// The pages are loaded lazily by routes.tsx; the dashboard shows the card.
export { RequirementsCard } from './RequirementsCard';
export { trainingRequirementsRoutes } from './routes';
