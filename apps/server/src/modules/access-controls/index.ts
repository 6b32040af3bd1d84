export { accessControlsRoutes } from './routes';
