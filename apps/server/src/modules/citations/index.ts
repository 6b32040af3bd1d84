export { citationsFeatureRoutes } from './feature';
export { noticeRecipients } from './repository';
export { issueCitation } from './service';
