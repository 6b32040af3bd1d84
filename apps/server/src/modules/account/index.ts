export { accountRoutes } from './routes';
