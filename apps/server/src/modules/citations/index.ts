export { citationsFeatureRoutes } from './feature';
