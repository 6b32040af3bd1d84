import { RESO_RESOURCES, type ResoResource } from '@portico/shared';
import { z } from 'zod';
import type { ResoConfig } from '../../config';

/** How hard the client tries before a failure is reported (tests shorten the waits). */
export interface ClientOptions {
  /** Each request's time limit. */
  timeoutMs?: number;
  /** Tries after the first one, for timeouts, network errors, 5xx and 429. */
  retries?: number;
  /** The first backoff; each further try waits twice as long. */
  backoffMs?: number;
  /** The longest wait a Retry-After is obeyed for; longer ones fail the page (the next run picks it up). */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULTS = { timeoutMs: 30_000, retries: 4, backoffMs: 1_000, maxRetryAfterMs: 120_000 };

export class FeedHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface Checkpoint {
  timestamp: string;
  key: string;
}

const pageSchema = z.object({ value: z.array(z.unknown()), '@odata.nextLink': z.string().min(1).optional() });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive().optional() });

/** The bearer token: the configured one, or a client-credentials token renewed before it expires. */
export class TokenSource {
  private current: { token: string; renewAt: number } | null = null;

  constructor(
    private readonly auth: ResoConfig['auth'],
    private readonly request: (url: string, init: RequestInit) => Promise<Response>,
  ) {}

  async get(): Promise<string> {
    if (this.auth.kind === 'token') return this.auth.token;
    if (this.current && Date.now() < this.current.renewAt) return this.current.token;
    const { tokenUrl, clientId, clientSecret, scope } = this.auth;
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    if (scope) body.set('scope', scope);
    const res = await this.request(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    if (!res.ok) throw new FeedHttpError(`The token endpoint answered ${res.status}`, res.status);
    const parsed = tokenSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new FeedHttpError('The token endpoint answered no access_token', res.status);
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    // Renewed a minute before it expires, or halfway through a lifetime shorter than two minutes.
    this.current = { token: parsed.data.access_token, renewAt: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 2) };
    return this.current.token;
  }

  /** The server refused the token (revoked, or its clock runs ahead): the next call fetches a new one. */
  invalidate(): void {
    this.current = null;
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A RESO Web API (OData v4) reader for replication: queries from a checkpoint, pages, retries. */
export class ResoClient {
  readonly tokens: TokenSource;
  private readonly options: Required<Omit<ClientOptions, 'sleep'>> & { sleep: (ms: number) => Promise<void> };

  constructor(
    private readonly config: ResoConfig,
    options: ClientOptions = {},
  ) {
    this.options = { ...DEFAULTS, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), ...options };
    this.tokens = new TokenSource(config.auth, (url, init) => this.withRetries(url, () => this.timed(url, init)));
  }

  /**
   * The replication query from a checkpoint: rows after (timestamp, key), in that order. `ge` with the key as the
   * tie-breaker: rows sharing the checkpoint's timestamp but after its key are read, the ones up to it are not.
   */
  queryUrl(resource: ResoResource, from: Checkpoint | null, top: number): string {
    const { key, fields, where } = RESO_RESOURCES[resource];
    const params = [`$orderby=${encodeURIComponent(`ModificationTimestamp,${key}`)}`, `$top=${top}`, `$select=${fields.join(',')}`];
    const ts = from?.timestamp;
    const after = from ? `ModificationTimestamp ge ${ts} and (ModificationTimestamp gt ${ts} or ${key} gt ${quote(from.key)})` : null;
    // A resource's own condition (Media: the listings' photos only) goes before the checkpoint's.
    const filter = where && after ? `${where} and (${after})` : (where ?? after);
    if (filter) params.unshift(`$filter=${encodeURIComponent(filter)}`);
    return `${this.config.url}/${resource}?${params.join('&')}`;
  }

  /** Every key of a resource, in key order from `after` (the daily reconciliation). */
  keysUrl(resource: ResoResource, after: string | null, top: number): string {
    const { key } = RESO_RESOURCES[resource];
    const params = [`$orderby=${key}`, `$top=${top}`, `$select=${key}`];
    if (after !== null) params.unshift(`$filter=${encodeURIComponent(`${key} gt ${quote(after)}`)}`);
    return `${this.config.url}/${resource}?${params.join('&')}`;
  }

  /** One page: its rows and the server's next link (absolute). */
  async page(url: string): Promise<{ rows: unknown[]; nextLink: string | null }> {
    let refreshed = false;
    for (;;) {
      const token = await this.tokens.get();
      const res = await this.withRetries(url, () =>
        this.timed(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json;odata.metadata=minimal' } }),
      );
      if (res.status === 401 && this.config.auth.kind === 'client-credentials' && !refreshed) {
        // A token that expired early or was revoked: one new token, then the page again.
        await res.body?.cancel();
        this.tokens.invalidate();
        refreshed = true;
        continue;
      }
      if (!res.ok) throw new FeedHttpError(`${res.status} from ${new URL(url).pathname}`, res.status);
      const type = res.headers.get('content-type') ?? '';
      if (!/^application\/json\b/i.test(type)) throw new FeedHttpError(`Not JSON (${type || 'no content type'})`, res.status);
      const parsed = pageSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new FeedHttpError('The answer is not an OData collection (no "value" array)', res.status);
      const next = parsed.data['@odata.nextLink'];
      return { rows: parsed.data.value, nextLink: next ? new URL(next, url).toString() : null };
    }
  }

  private async timed(url: string, init: RequestInit): Promise<Response> {
    return fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs) });
  }

  /** Timeouts, network errors, 5xx and 429 are tried again with backoff (429 and 503 after their Retry-After). */
  private async withRetries(url: string, send: () => Promise<Response>): Promise<Response> {
    const { retries, backoffMs, maxRetryAfterMs, sleep } = this.options;
    for (let attempt = 0; ; attempt++) {
      const backoff = backoffMs * 2 ** attempt;
      let failure: string;
      let wait = backoff;
      try {
        const res = await send();
        if (res.status !== 429 && res.status < 500) return res;
        failure = `${res.status} from ${new URL(url).pathname}`;
        const after = res.status === 429 || res.status === 503 ? retryAfterMs(res.headers.get('retry-after')) : null;
        if (after !== null) {
          if (after > maxRetryAfterMs)
            throw new FeedHttpError(`${failure}: Retry-After ${Math.round(after / 1000)} s is too long`, res.status);
          wait = after;
        }
        await res.body?.cancel();
        if (attempt >= retries) throw new FeedHttpError(`${failure} after ${attempt + 1} tries`, res.status);
      } catch (error) {
        if (error instanceof FeedHttpError) throw error;
        failure = (error as Error).name === 'TimeoutError' ? 'timed out' : `network error: ${(error as Error).message}`;
        if (attempt >= retries) throw new FeedHttpError(`${new URL(url).pathname} ${failure} after ${attempt + 1} tries`, null);
      }
      await sleep(wait);
    }
  }
}
