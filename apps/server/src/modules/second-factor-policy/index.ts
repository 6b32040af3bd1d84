export { secondFactorPolicyRoutes } from './routes';
export { factorStanding, isFactorPending, noteSignIn } from './service';
