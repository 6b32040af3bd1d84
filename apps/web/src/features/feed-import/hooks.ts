import { FEED_IMPORT_MESSAGES, type FeedImport } from '@portico/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiGet, apiPost } from '../../core/api';
import { downloadAuthorized } from '../../core/download';

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
export function downloadRefused(id: number): Promise<void> {
  return downloadAuthorized(`/api/app/Feed/Imports/${id}/Refused`, `refused-${id}.csv`, FEED_IMPORT_MESSAGES.refusedDownloadFailed);
}
