export { citationsFeatureRoutes } from './feature';
export { type Notice, sendNotice } from './notice';
export { issueCitation } from './service';
