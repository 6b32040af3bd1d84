// The page is loaded lazily by app/routes.tsx; the shell and the dashboard use these.
export { DashSystemNotifications } from './DashSystemNotifications';
export { useSystemNotificationActions, useUnreadSystemNotificationCount } from './hooks';
export { SystemNotificationPopups } from './SystemNotificationPopups';
