export { feedRoutes } from './routes';
