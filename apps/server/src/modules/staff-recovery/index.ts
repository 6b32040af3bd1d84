export { staffRecoveryRoutes } from './routes';
export { matchStaffRecoveryCode, useStaffRecoveryCode } from './service';
