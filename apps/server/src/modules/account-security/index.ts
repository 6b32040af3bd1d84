export { accountSecurityRoutes } from './routes';
