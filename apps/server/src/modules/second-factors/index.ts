export { codeMail, codeMatches, codeUsable, hashCode, newCode, totpStep } from './codes';
export { enabledFactorsOfAccount, type FactorRow, markTotpStepUsed } from './repository';
export { secondFactorsRoutes } from './routes';
