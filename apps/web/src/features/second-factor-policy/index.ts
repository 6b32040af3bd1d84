export { factorRequiredQuery, useRefreshFactorStanding } from './api';
export { FactorGraceNotice } from './components/FactorGraceNotice';
export { FactorRequiredGate } from './components/FactorRequiredGate';
export { SecondFactorPolicyPanel } from './components/SecondFactorPolicyPanel';
