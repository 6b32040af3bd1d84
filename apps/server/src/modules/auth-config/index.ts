export { authConfigRoutes } from './routes';
export { authConfigOf, providerOriginsOf } from './service';
