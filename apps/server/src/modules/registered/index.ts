export { registeredFeatureRoutes } from './feature';
export { type RegisteredScope, scopeOf, scopeWhere } from './policy';
export { registeredRoutes } from './routes';
export { composeAddress } from './service';
