import type {
  DismissSharedLoginRequest,
  SharedLoginDetail,
  SharedLoginMember,
  SharedLoginSettings,
  SharedLoginSettingsRequest,
} from '@portico/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

const BASE = '/api/app/SharedLogins';
export const SHARED_LOGINS_PAGE_SIZE = 25;
export const sharedLoginKeys = { all: ['shared-logins'] as const };

/** `GET api/app/SharedLogins`: members with open flags, highest score first (scoped by the server). */
export function useSharedLogins(pageId: number) {
  return useQuery({
    queryKey: [...sharedLoginKeys.all, 'queue', pageId],
    queryFn: async ({ signal }) => {
      const answer = await apiGet<SharedLoginMember>(`${BASE}?pageId=${pageId}&pageSize=${SHARED_LOGINS_PAGE_SIZE}`, signal);
      return { members: answer.results, totalResults: answer.totalResults, totalPages: answer.totalPages };
    },
    placeholderData: keepPreviousData,
  });
}

export function useSharedLoginDetail(accountId: number) {
  return useQuery({
    queryKey: [...sharedLoginKeys.all, 'one', accountId],
    queryFn: async ({ signal }) => (await apiGet<SharedLoginDetail>(`${BASE}/${accountId}`, signal)).results[0]!,
  });
}

export function useSharedLoginSettings() {
  return useQuery({
    queryKey: [...sharedLoginKeys.all, 'settings'],
    queryFn: async ({ signal }) => (await apiGet<SharedLoginSettings>(`${BASE}/Settings`, signal)).results[0]!,
  });
}

function useWrite<T, R>(fn: (input: T) => Promise<{ results: R[]; message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterWrite(client, sharedLoginKeys.all) });
}

export const useSaveSettings = () => useWrite((body: SharedLoginSettingsRequest) => apiPut<SharedLoginSettings>(`${BASE}/Settings`, body));
export const useDismissFlag = (accountId: number) =>
  useWrite((body: DismissSharedLoginRequest) => apiPost<SharedLoginDetail>(`${BASE}/${accountId}/Dismiss`, body));
/** The actions without a body: notify, require a reset, cite. */
export const useMemberAction = (accountId: number) =>
  useWrite((action: 'Notify' | 'RequireReset' | 'Cite') => apiPost<unknown>(`${BASE}/${accountId}/${action}`, {}));
