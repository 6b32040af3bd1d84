export { secondFactorPolicyRoutes } from './routes';
export { factorPendingOf, factorStanding, isFactorPending, noteSignIn } from './service';
