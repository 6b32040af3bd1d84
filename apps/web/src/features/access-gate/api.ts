import type { LiftHoldInput, MemberAccess, OwnAccessHold, PlaceHoldInput } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

export const accessGateKeys = {
  all: ['access-gate'] as const,
  mine: ['access-gate', 'mine'] as const,
  member: (loginId: string) => ['access-gate', 'member', loginId] as const,
};

/** `GET api/app/AccessHolds/Mine`: the member's own active holds (the dashboard's notice). */
export function useOwnAccessHolds() {
  return useQuery({
    queryKey: accessGateKeys.mine,
    queryFn: async ({ signal }) => (await apiGet<OwnAccessHold>('/api/app/AccessHolds/Mine', signal)).results,
  });
}

/** `GET api/app/AccessHolds/Member/:loginId` (MLS staff); off until a login id is given. */
export function useMemberAccess(loginId: string | null) {
  return useQuery({
    queryKey: accessGateKeys.member(loginId ?? ''),
    enabled: loginId !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      (await apiGet<MemberAccess>(`/api/app/AccessHolds/Member/${encodeURIComponent(loginId ?? '')}`, signal)).results[0]!,
  });
}

export function useSuspendMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceHoldInput) => apiPost<MemberAccess>('/api/app/AccessHolds', input),
    onSuccess: () => refreshAfterWrite(client, accessGateKeys.all),
  });
}

export function useLiftHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: LiftHoldInput & { id: number }) => apiPost<MemberAccess>(`/api/app/AccessHolds/${id}/Lift`, input),
    onSuccess: () => refreshAfterWrite(client, accessGateKeys.all),
  });
}
