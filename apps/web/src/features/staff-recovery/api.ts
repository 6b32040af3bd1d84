import type { IssuedStaffRecoveryCode, IssueStaffRecoveryRequest } from '@portico/shared';
import { apiPost } from '../../core/api';

export const issueRecoveryCode = async (request: IssueStaffRecoveryRequest) =>
  (await apiPost<IssuedStaffRecoveryCode>('/api/app/AccountSecurity/RecoveryCode', request)).results[0];
