export { propertyReportsRoutes, propertyReport } from './routes';
