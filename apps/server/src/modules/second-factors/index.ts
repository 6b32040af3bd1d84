export { codeMatches, codeUsable, hashCode, newCode, totpStep } from './codes';
export { CODE_SENT_TYPES, queueCode } from './delivery';
export { enabledFactorsOfAccount, type FactorRow, markTotpStepUsed } from './repository';
export { secondFactorsRoutes } from './routes';
