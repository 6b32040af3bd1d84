import type { SsoApplication, SsoApplicationSummary, SsoApplicationUpdate, SsoTestSignOn } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

const BASE = '/api/app/SsoApplications';

export const ssoKeys = {
  list: ['sso', 'list'] as const,
  one: (id: number) => ['sso', 'one', id] as const,
};

/**
 * The launcher's pages embedded in this tab (features/launcher-applications) call this after each of their writes:
 * the list and the application's page show its name, URL and audience.
 */
export function useRefreshAfterLauncherWrite() {
  const client = useQueryClient();
  return (saved: { applicationId: number } | undefined) => {
    void refreshAfterWrite(client, ssoKeys.list);
    if (saved) void refreshAfterWrite(client, ssoKeys.one(saved.applicationId));
  };
}

/** `GET api/app/SsoApplications`: every application of the launcher with its protocol. */
export function useSsoApplications() {
  return useQuery({
    queryKey: ssoKeys.list,
    queryFn: async ({ signal }) => (await apiGet<SsoApplicationSummary>(BASE, signal)).results,
  });
}

export function useSsoApplication(applicationId: number) {
  return useQuery({
    queryKey: ssoKeys.one(applicationId),
    queryFn: async ({ signal }) => (await apiGet<SsoApplication>(`${BASE}/${applicationId}`, signal)).results[0] ?? null,
  });
}

/** The writes answer the saved application: it replaces the cached one, and the list is read again. */
function useSsoWrite<V>(applicationId: number, write: (values: V) => Promise<{ results: SsoApplication[]; message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (res) => {
      if (res.results[0]) client.setQueryData(ssoKeys.one(applicationId), res.results[0]);
      void refreshAfterWrite(client, ssoKeys.list);
    },
  });
}

export const useSaveSso = (applicationId: number) =>
  useSsoWrite(applicationId, (values: SsoApplicationUpdate) => apiPut<SsoApplication>(`${BASE}/${applicationId}`, values));

export const useUploadMetadata = (applicationId: number) =>
  useSsoWrite(applicationId, (xml: string) => apiPost<SsoApplication>(`${BASE}/${applicationId}/Metadata`, { xml }));

export const useRemoveSso = (applicationId: number) =>
  useSsoWrite(applicationId, (_: undefined) => apiDelete<SsoApplication>(`${BASE}/${applicationId}`));

export function useTestSignOn(applicationId: number) {
  return useMutation({
    mutationFn: async (loginId: string) =>
      (await apiPost<SsoTestSignOn>(`${BASE}/${applicationId}/TestSignOn`, { loginId })).results[0] ?? null,
  });
}
