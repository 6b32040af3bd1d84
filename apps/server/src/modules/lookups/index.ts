export { lookupsRoutes } from './routes';
