export { notificationsAudience } from './policy';
export type { NewNotification } from './repository';
export { notificationsRoutes } from './routes';
export { createNotifications } from './service';
