export { systemNotificationsAdminRoutes } from './admin-routes';
export { systemNotificationsRoutes } from './routes';
export { createSystemNotification } from './service';
