export { audienceRefusal, type LaunchRefusal, launchRefusal, mayUseApplication, memberValues } from './policy';
export { oidcLaunchUrl, sendRefusal } from './presenter';
export {
  type ApplicationRow,
  applicationIdByNameShort,
  ensureApplication,
  findAudienceApplications,
  type LaunchOutcome,
  recordLaunch,
  setApplicationUrl,
} from './repository';
export { applicationsRoutes } from './routes';
export { audienceOf } from './service';
