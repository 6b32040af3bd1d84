export { staffAuditRoutes } from './routes';
