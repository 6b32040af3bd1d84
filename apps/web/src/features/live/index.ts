export { LiveUpdates } from './LiveUpdates';
export { useLiveEvent, useLivePollInterval, useLiveStatus } from './status';
