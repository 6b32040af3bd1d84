export { eulaRoutes } from './routes';
