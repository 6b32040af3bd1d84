// The pages are loaded lazily by routes.tsx; app/routes.tsx spreads these in.
export { trainingRoutes } from './routes';
