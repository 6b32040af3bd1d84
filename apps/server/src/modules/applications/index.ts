export { type ApplicationRow, findAudienceApplications } from './repository';
export { applicationsRoutes } from './routes';
