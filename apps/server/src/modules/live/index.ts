export type { AudienceRule, AudienceRules } from './policy';
export { publishCase, publishFeed, publishNotifications, publishSystemNotifications } from './repository';
export { liveRoutes } from './routes';
