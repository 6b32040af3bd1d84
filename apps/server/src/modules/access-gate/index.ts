export type { AccessUse, NewHold } from './repository';
export { accessGateRoutes } from './routes';
export { accessHoldOf, assertAccessOpen, heldAccessText, liftHoldOf, placeHold } from './service';
