export { resourceMaterialsRoutes } from './resource-routes';
export { adminRoutes } from './routes';
