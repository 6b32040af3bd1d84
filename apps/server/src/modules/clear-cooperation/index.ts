export { FEED_ADDRESS_KEYS_JOB, keyFeedAddresses } from './address-keys';
export { clearCoopFeatureRoutes } from './feature';
export { CLEAR_COOP_JOB, runClearCoopWatch } from './watch';
