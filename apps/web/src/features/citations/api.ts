import type {
  Citation,
  CitationActionInput,
  CitationListQuery,
  CitationPage,
  CitationPreview,
  CitationTargetInput,
  IssueCitationInput,
} from '@portico/shared';
import { CITATION_MESSAGES as M } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, apiUpload } from '../../core/api';
import { accessToken } from '../../core/auth';
import { saveFile } from '../../core/download';
import { refreshAfterWrite } from '../../core/refresh';

export const citationKeys = { all: ['citations'] as const };

const queryString = (q: CitationListQuery) =>
  new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined && v !== '') as Array<[string, string]>).toString();

/** `GET api/app/Citations` (staff, scoped) or `GET api/app/Citations/Mine` (the member's own; a broker's offices'). */
export function useCitations(query: CitationListQuery, own: boolean) {
  return useQuery({
    queryKey: [...citationKeys.all, own ? 'mine' : 'staff', query],
    queryFn: async ({ signal }) =>
      (await apiGet<CitationPage>(`/api/app/Citations${own ? '/Mine' : ''}?${queryString(query)}`, signal)).results[0]!,
  });
}

export function useCitation(id: number) {
  return useQuery({
    queryKey: [...citationKeys.all, 'one', id],
    queryFn: async ({ signal }) => (await apiGet<Citation>(`/api/app/Citations/${id}`, signal)).results[0]!,
  });
}

export const previewCitation = async (target: CitationTargetInput) =>
  (await apiPost<CitationPreview>('/api/app/Citations/Preview', target)).results[0]!;

function useCitationWrite<T>(fn: (input: T) => Promise<{ results: Citation[]; message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterWrite(client, citationKeys.all) });
}

export const useIssueCitation = () => useCitationWrite((body: IssueCitationInput) => apiPost<Citation>('/api/app/Citations', body));
export const useCitationAction = (id: number) =>
  useCitationWrite((body: CitationActionInput) => apiPost<Citation>(`/api/app/Citations/${id}/Action`, body));
export const useCitationNote = (id: number, kind: 'Correct' | 'Appeal') =>
  useCitationWrite((note: string) => apiPost<Citation>(`/api/app/Citations/${id}/${kind}`, { note }));

/** Attaches a file (multipart field `file`): staff evidence or the cited member's. */
export const useAttachFile = (id: number) =>
  useCitationWrite((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiUpload<Citation>(`/api/app/Citations/${id}/Files`, form, {}, () => undefined);
  });

/** Fetches a citation's file with the member's token and saves it under the server's file name. */
export async function downloadCitationFile(id: number, fileId: number): Promise<void> {
  const token = await accessToken();
  const res = await fetch(`/api/app/Citations/${id}/Files/${fileId}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, res.statusText, body?.code ?? 'INTERNAL', body?.message || M.fileNotFound, body?.errors ?? []);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'evidence';
  saveFile(await res.blob(), name);
}
