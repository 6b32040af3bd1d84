import { canEditCompliancePolicy, canReadCompliancePolicy } from '@portico/shared';
import type { Access } from '../../lib/route';

/** The policy and the calendar's staff days: association staff (level 4) read, others are refused (403). */
export const compliancePolicyReader: Access = { policy: 'compliance.read', allow: canReadCompliancePolicy };

/** Changing the policy or the calendar: MLS staff (level 5) only. */
export const compliancePolicyEditor: Access = { policy: 'compliance.edit', allow: canEditCompliancePolicy };
