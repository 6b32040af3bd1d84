import {
  type Claim,
  type EnrolmentRow,
  type FactorRequiredBy,
  SECOND_FACTOR_POLICY_MESSAGES as M,
  type SecondFactorPolicy,
  type SecondFactorPolicyRequest,
} from '@portico/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPut } from '../../core/api';
import { accessToken } from '../../core/auth';
import { saveFile } from '../../core/download';
import { refreshAfterWrite } from '../../core/refresh';

const BASE = '/api/app/SecondFactorPolicy';

export const secondFactorPolicyKeys = {
  /** Under the claims' key: a refusal that reloads the claims (core/member.tsx) reloads this too. */
  required: ['profiles', 'claims', 'second-factor'] as const,
  policy: ['second-factor-policy'] as const,
  enrolment: ['second-factor-policy', 'enrolment'] as const,
};

/**
 * Reads the member's standing again after their factors changed, so the dashboard's grace notice goes when a factor is
 * added (not when its 5-minute staleness runs out).
 */
export function useRefreshFactorStanding() {
  const client = useQueryClient();
  return () => void refreshAfterWrite(client, secondFactorPolicyKeys.required);
}

/** Where the member stands under the MLS's second-factor policy, from the claims (decision 1122). */
export interface FactorRequired {
  /** A factor must be added before anything else. */
  required: boolean;
  /** Why: the MLS's policy, or a sign-in with a one-time code from staff; null when nothing is required. */
  requiredBy: FactorRequiredBy | null;
  /** Sign-ins left without a factor before it is required; null when the member is not in the policy's grace. */
  graceLeft: number | null;
}

/** `GET api/app/Profiles/Claims`: whether the MLS requires a second factor this member has not added, and why. */
export const factorRequiredQuery = queryOptions({
  queryKey: secondFactorPolicyKeys.required,
  queryFn: async ({ signal }): Promise<FactorRequired> => {
    const claims = (await apiGet<Claim>('/api/app/Profiles/Claims', signal)).results;
    const value = (type: string) => claims.find((c) => c.type === type)?.value ?? '';
    const by = value('secondFactorRequiredBy');
    const grace = value('secondFactorGraceLeft');
    return {
      required: value('isSecondFactorRequired') === 'true',
      requiredBy: by === 'policy' || by === 'staff' ? by : null,
      graceLeft: grace === '' ? null : Number(grace),
    };
  },
  staleTime: 5 * 60_000,
});

export const useFactorRequired = () => useQuery(factorRequiredQuery);

export function usePolicy() {
  return useQuery({
    queryKey: secondFactorPolicyKeys.policy,
    queryFn: async ({ signal }) => (await apiGet<SecondFactorPolicy>(BASE, signal)).results[0],
  });
}

export const savePolicy = async (policy: SecondFactorPolicyRequest) => (await apiPut<SecondFactorPolicy>(BASE, policy)).message;

export function useEnrolment() {
  return useQuery({
    queryKey: secondFactorPolicyKeys.enrolment,
    queryFn: async ({ signal }) => (await apiGet<EnrolmentRow>(`${BASE}/Enrolment`, signal)).results,
  });
}

export async function downloadEnrolmentCsv(): Promise<void> {
  const token = await accessToken();
  const res = await fetch(`${BASE}/Enrolment?format=csv`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, res.statusText, body?.code ?? 'INTERNAL', body?.message || M.fetchFailed, body?.errors ?? []);
  }
  saveFile(await res.blob(), 'second-factor-enrolment.csv');
}
