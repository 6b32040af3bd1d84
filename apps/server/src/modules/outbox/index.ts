export { outboxRoutes } from './routes';
