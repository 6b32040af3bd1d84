export { isEulaExpired } from './repository';
export { eulaRoutes } from './routes';
