export { supportRoutes } from './routes';
