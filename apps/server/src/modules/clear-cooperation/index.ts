export { clearCoopFeatureRoutes } from './feature';
export { CLEAR_COOP_JOB, runClearCoopWatch } from './watch';
