import { ApiError } from './api';
import { accessToken } from './auth';

/** Saves a file the page made or fetched (a calendar entry, a CSV export) through a temporary download link. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Fetches a file with the member's token and saves it under the server's file name (`content-disposition`); a
 * refusal throws the server's message, or `failMessage`.
 */
export async function downloadAuthorized(path: string, fallbackName: string, failMessage: string): Promise<void> {
  const token = await accessToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, res.statusText, body?.code ?? 'INTERNAL', body?.message || failMessage, body?.errors ?? []);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await res.blob(), name);
}
