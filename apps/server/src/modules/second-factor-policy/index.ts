export { secondFactorPolicyRoutes } from './routes';
export { isFactorPending, noteSignIn } from './service';
