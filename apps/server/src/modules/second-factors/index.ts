export { codeMatches, codeUsable, hashCode, newCode, totpStep } from './codes';
export { CODE_SENT_TYPES, queueCode } from './delivery';
export { enabledFactorsOfAccount, type FactorRow, markTotpStepUsed, resealFactorSecrets } from './repository';
export { secondFactorsRoutes } from './routes';
