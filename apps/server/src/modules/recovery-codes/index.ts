export { recoveryCodesRoutes } from './routes';
export { matchRecoveryCode, newRecoveryCode, spendRecoveryCode } from './service';
