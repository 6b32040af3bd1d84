export { feedImportRoutes } from './routes';
