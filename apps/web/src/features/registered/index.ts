export { registeredRoutes } from './routes';
