export { findAudienceApplications } from './repository';
export { applicationsRoutes } from './routes';
