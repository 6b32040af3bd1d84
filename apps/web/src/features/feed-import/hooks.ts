import type { FeedImport } from '@portico/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, apiGet, apiPost } from '../../core/api';
import { accessToken } from '../../core/auth';
import { saveFile } from '../../core/download';

/** How often the screen reads an apply's progress while it runs. */
export const PROGRESS_POLL_MS = 500;

export interface UploadChoice {
  resource: 'Member' | 'Office';
  wholeRoster: boolean;
  sendWelcome: boolean;
  file: File;
}

/** `POST api/app/Feed/Imports`: the file as it is (text/csv), the choices in the query; answers the preview. */
export function useUploadImport() {
  return useMutation({
    mutationFn: async (c: UploadChoice) => {
      const query = new URLSearchParams({
        resource: c.resource,
        wholeRoster: String(c.wholeRoster),
        sendWelcome: String(c.sendWelcome),
        fileName: c.file.name.slice(0, 255),
      });
      const body = new Blob([c.file], { type: 'text/csv' });
      return (await api<FeedImport>('POST', `/api/app/Feed/Imports?${query}`, { body, headers: { 'content-type': 'text/csv' } }))
        .results[0];
    },
  });
}

export function useApplyImport() {
  return useMutation({
    mutationFn: async (id: number) => (await apiPost<FeedImport>(`/api/app/Feed/Imports/${id}/Apply`, undefined)).results[0],
  });
}

/** The import while it is applied: read every PROGRESS_POLL_MS until it is applied or failed. */
export function useImportStatus(id: number | null) {
  return useQuery({
    queryKey: ['feedImport', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await apiGet<FeedImport>(`/api/app/Feed/Imports/${id}`, signal)).results[0],
    refetchInterval: (q) => (q.state.data?.status === 'applied' || q.state.data?.status === 'failed' ? false : PROGRESS_POLL_MS),
  });
}

/** How many past imports the feed screen lists. */
export const HISTORY_IMPORTS = 20;

/** `GET api/app/Feed/Imports`: the past imports, newest first (who, when, file, counts). */
export function useImportHistory() {
  return useQuery({
    queryKey: ['feedImports'],
    queryFn: async ({ signal }) => (await apiGet<FeedImport>(`/api/app/Feed/Imports?limit=${HISTORY_IMPORTS}`, signal)).results,
  });
}

/** Fetches an import's refused rows (`.../Refused`, text/csv) with the member's token and saves them under the server's name. */
export async function downloadRefused(id: number): Promise<void> {
  const token = await accessToken();
  const res = await fetch(`/api/app/Feed/Imports/${id}/Refused`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, res.statusText, body?.code ?? 'INTERNAL', body?.message || res.statusText, body?.errors ?? []);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `refused-${id}.csv`;
  saveFile(await res.blob(), name);
}
