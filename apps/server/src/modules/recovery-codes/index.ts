export { recoveryCodesRoutes } from './routes';
export { matchRecoveryCode, spendRecoveryCode } from './service';
