export { propertyReport, propertyReportsRoutes } from './routes';
