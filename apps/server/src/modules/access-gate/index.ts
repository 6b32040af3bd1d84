export type { AccessUse, NewHold } from './repository';
export { accessGateRoutes } from './routes';
export { accessHoldOf, assertAccessOpen, heldAccessText, heldSourcesOf, liftHoldOf, liftHoldsOfSource, placeHold } from './service';
