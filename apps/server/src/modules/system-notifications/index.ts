export { systemNotificationsRoutes } from './routes';
export { createSystemNotification } from './service';
