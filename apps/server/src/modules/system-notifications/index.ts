export { systemNotificationsAdminRoutes } from './admin-routes';
export { systemNotificationsAudience } from './policy';
export { systemNotificationsRoutes } from './routes';
export { createSystemNotification } from './service';
