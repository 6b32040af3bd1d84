export { publishCase, publishNotifications, publishSystemNotifications } from './repository';
export { liveRoutes } from './routes';
