import { type FileOperation, MEDIA, type MediaEntry, type MediaToken } from '@portico/shared';
import { api, apiGet, apiUpload } from '../../core/api';

/** One file operation; the container comes from the token. */
export type MediaOperation = FileOperation extends infer U ? (U extends unknown ? Omit<U, 'container'> : never) : never;

const tokenHeaders = (token: MediaToken) => ({ [MEDIA.tokenHeader]: token.token });
const fileQuery = (token: MediaToken, path: string) =>
  `container=${encodeURIComponent(token.container)}&path=${encodeURIComponent(path)}&token=${encodeURIComponent(token.token)}`;

/** The media manager's calls (seed 002 section 7): a token first, then the file calls with it. */
export const mediaApi = {
  token: async (signal?: AbortSignal) => (await apiGet<MediaToken>('/api/app/Token', signal)).results[0] as MediaToken,
  operation: async <T>(token: MediaToken, op: MediaOperation) =>
    (await api<T>('POST', '/api/app/FileOperations', { body: { ...op, container: token.container }, headers: tokenHeaders(token) }))
      .results,
  upload: async (token: MediaToken, path: string, files: File[], onProgress: (share: number) => void) => {
    const form = new FormData();
    for (const file of files) form.append('uploadFiles', file, file.name);
    const url = `/api/app/FileUpload?container=${encodeURIComponent(token.container)}&path=${encodeURIComponent(path)}`;
    return (await apiUpload<MediaEntry>(url, form, tokenHeaders(token), onProgress)).results;
  },
  imageUrl: (token: MediaToken, path: string) => `/api/app/FileGetImage?${fileQuery(token, path)}`,
  downloadUrl: (token: MediaToken, path: string) => `/api/app/FileDownload?${fileQuery(token, path)}`,
};

export const mediaKeys = {
  token: ['media', 'token'] as const,
  folder: (container: string, path: string) => ['media', 'folder', container, path] as const,
};
