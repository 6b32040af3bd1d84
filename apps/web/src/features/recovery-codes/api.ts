import type { GeneratedRecoveryCodes, RecoveryCodesState } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../core/api';

const BASE = '/api/app/MemberRecoveryCodes';

export const recoveryCodeKeys = { state: ['recovery-codes'] as const };

/** How many of the member's recovery codes are left (never the codes). */
export function useRecoveryCodes() {
  return useQuery({
    queryKey: recoveryCodeKeys.state,
    queryFn: async ({ signal }) => (await apiGet<RecoveryCodesState>(BASE, signal)).results[0],
  });
}

/** A new set of ten, voiding the old: the one answer that carries the codes. */
export const generateRecoveryCodes = async () => (await apiPost<GeneratedRecoveryCodes>(`${BASE}/Generate`, {})).results[0];
