export { eulaExpiredOfAccounts, isEulaExpired } from './repository';
export { eulaRoutes } from './routes';
