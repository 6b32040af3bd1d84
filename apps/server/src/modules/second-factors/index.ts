export { codeMatches, codeUsable, hashCode, newCode, totpStep } from './codes';
export { CODE_SENT_TYPES, deliverCode, queueCode } from './delivery';
export { enabledFactorsOfAccount, type FactorRow, markTotpStepUsed } from './repository';
export { secondFactorsRoutes } from './routes';
