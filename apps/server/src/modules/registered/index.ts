export { registeredFeatureRoutes } from './feature';
export { registeredRoutes } from './routes';
export { scopeOf, scopeWhere, type RegisteredScope } from './policy';
export { composeAddress } from './service';
