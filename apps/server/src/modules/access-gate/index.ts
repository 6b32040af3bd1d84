export { accessGateRoutes } from './routes';
export { accessHoldOf, assertAccessOpen, heldAccessText } from './service';
