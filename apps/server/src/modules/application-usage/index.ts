export { applicationUsageRoutes } from './routes';
export { foldLaunches } from './service';
