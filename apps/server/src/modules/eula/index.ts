export { eulaExpiredOf, isEulaExpired } from './repository';
export { eulaRoutes } from './routes';
