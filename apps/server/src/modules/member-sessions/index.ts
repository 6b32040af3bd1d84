export { touchSession } from './repository';
export { memberSessionsRoutes } from './routes';
export { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, recordSignIn, SESSIONS_PATH } from './service';
