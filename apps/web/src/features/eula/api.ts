import type { Claim, Eula, EulaAcceptance, EulaVersion, NotificationAcknowledgement, PublishEulaRequest } from '@portico/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

export const eulaKeys = {
  claims: ['profiles', 'claims'] as const,
  current: ['eula', 'current'] as const,
  user: ['eula', 'user'] as const,
  versions: ['eula', 'versions'] as const,
  acceptances: (id: number, page: number) => ['eula', 'acceptances', id, page] as const,
};

/** `GET api/app/Profiles/Claims`: whether the member still has to accept the current agreement (seed 002 §4). */
export const eulaExpiredQuery = queryOptions({
  queryKey: eulaKeys.claims,
  queryFn: async ({ signal }) => {
    const claims = (await apiGet<Claim>('/api/app/Profiles/Claims', signal)).results;
    return claims.find((c) => c.type === 'isEulaExpired')?.value === 'true';
  },
  staleTime: 5 * 60_000,
});

export function useEulaExpired() {
  return useQuery(eulaExpiredQuery);
}

export function useCurrentEula() {
  return useQuery({
    queryKey: eulaKeys.current,
    queryFn: async ({ signal }) => (await apiGet<Eula>('/api/app/Eula/Current', signal)).results[0],
  });
}

/** View EULA: the agreement the member accepted, with their signature and the time. */
export function useUserEula(enabled: boolean) {
  return useQuery({
    queryKey: eulaKeys.user,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<Eula>('/api/app/Eula/GetUserEula', signal)).results[0],
  });
}

export function useAcknowledgeEula() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: NotificationAcknowledgement) => apiPost<Eula>('/api/app/NotificationAcknowledgement', payload),
    onSuccess: async () => {
      await refreshAfterWrite(client, ['eula']);
      await refreshAfterWrite(client, eulaKeys.claims);
    },
  });
}

export function useEulaVersions() {
  return useQuery({
    queryKey: eulaKeys.versions,
    queryFn: async ({ signal }) => (await apiGet<EulaVersion>('/api/app/Eula', signal)).results,
  });
}

export function usePublishEula() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: PublishEulaRequest) => apiPost<Eula>('/api/app/Eula', payload),
    // The publisher's own claims are left as they are: they accept the new version at their next visit, like everyone.
    onSuccess: () => refreshAfterWrite(client, ['eula']),
  });
}

export const ACCEPTANCES_PAGE_SIZE = 10;

export function useEulaAcceptances(id: number | null, page: number) {
  return useQuery({
    queryKey: eulaKeys.acceptances(id ?? 0, page),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      apiPost<EulaAcceptance>(`/api/app/Eula/${id}/Acceptances/q`, { pageId: page, pageSize: ACCEPTANCES_PAGE_SIZE }, signal),
  });
}
