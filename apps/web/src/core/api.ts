import type { Envelope, ErrorCode, ErrorReason, FieldError } from '@portico/shared';
import { accessToken } from './auth';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly errors: FieldError[] = [],
    /** Why, where a screen must tell refusals of one code apart (decision 1056): match on this, never on the message. */
    readonly reason: ErrorReason | null = null,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a launch recorded as the member leaves for the application). */
  keepalive?: boolean;
}

/** Calls the portal API with the member's bearer token and unwraps the one envelope. */
export async function api<T>(method: string, path: string, options: ApiOptions = {}): Promise<Envelope<T>> {
  const token = await accessToken();
  // Form data (file uploads) and files go as they are: the browser writes a form's multipart content type and boundary,
  // a file's type comes from the caller's headers.
  const isForm =
    (typeof FormData !== 'undefined' && options.body instanceof FormData) || (typeof Blob !== 'undefined' && options.body instanceof Blob);
  let res: Response;
  try {
    res = await fetch(path.startsWith('/') ? path : `/${path}`, {
      method,
      signal: options.signal,
      keepalive: options.keepalive,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      body: isForm ? (options.body as FormData | Blob) : options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error', 'NETWORK', 'The portal could not be reached. Check your connection and try again.');
  }
  return unwrap<T>(res.ok, res.status, res.statusText, await res.json().catch(() => null));
}

// biome-ignore lint/suspicious/noExplicitAny: the payload is checked here, field by field
function unwrap<T>(ok: boolean, status: number, statusText: string, payload: any): Envelope<T> {
  if (!ok || payload?.isSuccessful === false) {
    throw new ApiError(
      status,
      statusText,
      payload?.code ?? 'INTERNAL',
      payload?.message || statusText || 'Request failed',
      payload?.errors ?? [],
      payload?.reason ?? null,
    );
  }
  return payload as Envelope<T>;
}

/**
 * POSTs a form (file upload) and reports the share of it sent, 0 to 1, as it goes: fetch cannot tell upload
 * progress, XMLHttpRequest can (decision 0955). Same token, headers and envelope as `api`.
 */
export async function apiUpload<T>(path: string, form: FormData, headers: Record<string, string>, onProgress: (share: number) => void) {
  const token = await accessToken();
  return new Promise<Envelope<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () =>
      reject(new ApiError(0, 'Network error', 'NETWORK', 'The portal could not be reached. Check your connection and try again.'));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      try {
        resolve(unwrap<T>(xhr.status >= 200 && xhr.status < 300, xhr.status, xhr.statusText, payload));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(form);
  });
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => api<T>('GET', path, { signal });
export const apiPost = <T>(path: string, body: unknown, signal?: AbortSignal) => api<T>('POST', path, { body, signal });
export const apiPut = <T>(path: string, body: unknown) => api<T>('PUT', path, { body });
export const apiPatch = <T>(path: string, body: unknown) => api<T>('PATCH', path, { body });
export const apiDelete = <T>(path: string) => api<T>('DELETE', path);
