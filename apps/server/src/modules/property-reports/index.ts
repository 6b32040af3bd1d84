export { propertyReportsRoutes } from './routes';
export { propertyReport } from './service';
