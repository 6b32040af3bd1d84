import type { Envelope, ErrorCode, FieldError } from '@portico/shared';
import { accessToken } from './auth';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export interface ApiOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Calls the portal API with the member's bearer token and unwraps the one envelope. */
export async function api<T>(method: string, path: string, options: ApiOptions = {}): Promise<Envelope<T>> {
  const token = await accessToken();
  // Form data (file uploads) goes as it is: the browser writes its multipart content type and boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path.startsWith('/') ? path : `/${path}`, {
      method,
      signal: options.signal,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      body: isForm ? (options.body as FormData) : options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error', 'NETWORK', 'The portal could not be reached. Check your connection and try again.');
  }
  const payload = await res.json().catch(() => null);
  if (!res.ok || payload?.isSuccessful === false) {
    throw new ApiError(
      res.status,
      res.statusText,
      payload?.code ?? 'INTERNAL',
      payload?.message || res.statusText || 'Request failed',
      payload?.errors ?? [],
    );
  }
  return payload as Envelope<T>;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => api<T>('GET', path, { signal });
export const apiPost = <T>(path: string, body: unknown, signal?: AbortSignal) => api<T>('POST', path, { body, signal });
export const apiPut = <T>(path: string, body: unknown) => api<T>('PUT', path, { body });
export const apiPatch = <T>(path: string, body: unknown) => api<T>('PATCH', path, { body });
export const apiDelete = <T>(path: string) => api<T>('DELETE', path);
