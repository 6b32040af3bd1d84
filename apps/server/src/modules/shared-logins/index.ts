export { sharedLoginsRoutes } from './routes';
export { recordSignInSignals } from './signals';
