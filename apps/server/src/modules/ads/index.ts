export { adsRoutes } from './routes';
