// The page is loaded lazily by app/routes.tsx; only what the shell needs is exported here.
export { useUnreadNotificationCount } from './hooks';
