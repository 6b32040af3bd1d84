export { factorRequiredQuery } from './api';
export { FactorRequiredGate } from './components/FactorRequiredGate';
export { SecondFactorPolicyPanel } from './components/SecondFactorPolicyPanel';
