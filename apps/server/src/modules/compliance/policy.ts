// Reading the policy and the calendar's staff days (`canReadCompliancePolicy`): association staff (level 4) and MLS
// staff; others are refused (403). Changing the policy or the calendar (`canEditCompliancePolicy`): MLS staff only.
export { canEditCompliancePolicy, canReadCompliancePolicy } from '@portico/shared';
