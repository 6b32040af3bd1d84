import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compare, lowerBounds, parseFilter, parseFilterTree, type ResoRow, SortedIndex } from './reso-query';

/**
 * A small RESO Web API (OData v4) server for the feed's tests, on loopback: `$filter` (comparisons, and, or,
 * parentheses), `$orderby`, `$top`, `$skip`, `$select`, server-side paging by `@odata.nextLink` (by `$skip`, or by a
 * `$skiptoken` cursor), a static bearer token or OAuth 2 client credentials with short-lived tokens, and faults.
 *
 * `data` is watched: any change to a resource's rows (a row added, removed, replaced or edited in place) drops the
 * sorted indexes the queries read from (reso-query.ts), and the next query sorts the rows again, once.
 */
export type { ResoRow };

export interface Fault {
  /** Which request fails: its number (1-based, data requests only) and URL. */
  when: (req: { n: number; url: URL }) => boolean;
  status: number;
  headers?: Record<string, string>;
  /** How many times it fails before it passes (default 1). */
  times?: number;
}

export interface ResoServerOptions {
  keys?: Record<string, string>;
  pageSize?: number;
  paging?: 'skip' | 'skiptoken';
  /** 'token': one static token; 'client-credentials': tokens from /token, valid `tokenSeconds`. */
  auth?: { kind: 'token'; token: string } | { kind: 'client-credentials'; clientId: string; clientSecret: string; tokenSeconds: number };
  contentType?: string;
}

export class ResoServer {
  /** Bumped by every change to `data`; an index built at an older version is dropped. */
  private version = 0;
  private readonly indexes = new Map<string, { version: number; index: SortedIndex }>();
  private readonly watched = new WeakSet<object>();
  readonly data: Record<string, ResoRow[]> = this.watch({ Member: [], Office: [], Property: [], Media: [] });
  readonly requests: URL[] = [];
  readonly faults: Fault[] = [];
  tokenRequests = 0;
  /** Runs before a data request is answered (tests change rows here, as the MLS would during a sync). */
  beforeRequest?: (n: number, url: URL) => void | Promise<void>;
  private readonly tokens = new Map<string, number>();
  private server = createServer((req, res) => void this.handle(req, res));
  url = '';

  constructor(readonly options: ResoServerOptions = {}) {}

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/odata`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** Every token issued so far stops working (the server revoked them). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private key(resource: string): string {
    return (
      this.options.keys?.[resource] ??
      { Member: 'MemberKey', Office: 'OfficeKey', Property: 'ListingKey', Media: 'MediaKey' }[resource] ??
      'Key'
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/token') return this.token(req, send);
    if (!this.authorized(req.headers.authorization)) return send(401, { error: { code: '401', message: 'token' } });
    const n = this.requests.push(url);
    const fault = this.faults.find((f) => (f.times ?? 1) > 0 && f.when({ n, url }));
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      return send(fault.status, { error: { code: String(fault.status), message: 'fault' } }, fault.headers);
    }
    await this.beforeRequest?.(n, url);
    const resource = url.pathname.replace(/^\/odata\//, '');
    const rows = this.data[resource];
    if (!rows) return send(404, { error: { code: '404', message: 'no such resource' } });
    send(200, this.query(resource, rows, url), { 'content-type': this.options.contentType ?? 'application/json;odata.metadata=minimal' });
  }

  /** `data`, its resources' arrays and their rows behind proxies that count changes (`version`). */
  private watch<T extends object>(target: T, depth: 0 | 1 | 2 = 0): T {
    if (this.watched.has(target)) return target;
    const inner = (v: unknown) => (depth < 2 && v !== null && typeof v === 'object' ? this.watch(v, (depth + 1) as 1 | 2) : v);
    if (Array.isArray(target) || depth === 0) for (const k of Object.keys(target)) Reflect.set(target, k, inner(Reflect.get(target, k)));
    const proxy = new Proxy(target, {
      set: (t, k, v) => {
        this.version++;
        return Reflect.set(t, k, inner(v));
      },
      deleteProperty: (t, k) => {
        this.version++;
        return Reflect.deleteProperty(t, k);
      },
      defineProperty: (t, k, d) => {
        this.version++;
        return Reflect.defineProperty(t, k, 'value' in d ? { ...d, value: inner(d.value) } : d);
      },
    });
    this.watched.add(proxy);
    return proxy;
  }

  /** The resource's rows in `$orderby` order, sorted again only when `data` changed since the last sort. */
  private sorted(resource: string, rows: ResoRow[], order: string[]): SortedIndex {
    const id = `${resource} ${order.join(',')}`;
    const cached = this.indexes.get(id);
    if (cached?.version === this.version) return cached.index;
    const index = new SortedIndex(rows, order);
    this.indexes.set(id, { version: this.version, index });
    return index;
  }

  private query(resource: string, rows: ResoRow[], url: URL) {
    const p = url.searchParams;
    const filter = p.get('$filter');
    const order = (p.get('$orderby') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const tree = filter ? parseFilterTree(filter) : null;
    const predicates = tree ? [parseFilter(filter!)] : [];
    const bounds = tree && order.length ? lowerBounds(tree, order[0]) : [];
    const cursor = p.get('$skiptoken');
    if (cursor) {
      const [ts, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString());
      const k = this.key(resource);
      predicates.push(
        (r) => compare(r.ModificationTimestamp, ts) > 0 || (compare(r.ModificationTimestamp, ts) === 0 && compare(r[k], key) > 0),
      );
      if (order[0] === 'ModificationTimestamp') bounds.push({ value: ts, strict: false });
    }
    // The rows in order from the first that can match (binary search), read only as far as the page and one more.
    const index = order.length ? this.sorted(resource, rows, order) : null;
    const source = index ? index.rows : rows;
    const start = index ? Math.max(0, ...bounds.map((b) => index.start(b))) : 0;
    const skip = Number(p.get('$skip') ?? 0);
    const top = p.has('$top') ? Number(p.get('$top')) : Number.POSITIVE_INFINITY;
    const size = Math.min(top, this.options.pageSize ?? 1000);
    const result: ResoRow[] = [];
    for (let i = start; i < source.length && result.length <= skip + size; i++) {
      const row = source[i];
      if (predicates.every((test) => test(row))) result.push(row);
    }
    const page = result.slice(skip, skip + size);
    const more = result.length > skip + size && top > size;
    const select = p.get('$select')?.split(',');
    const value = page.map((r) => (select ? Object.fromEntries(select.filter((f) => f in r).map((f) => [f, r[f]])) : r));
    const body: Record<string, unknown> = { '@odata.context': `${this.url}/$metadata#${resource}`, value };
    if (more) {
      const next = new URL(`${this.url}/${resource}`);
      for (const [k, v] of p) if (k !== '$skip' && k !== '$top' && k !== '$skiptoken') next.searchParams.set(k, v);
      next.searchParams.set('$top', String(top - size));
      if (this.options.paging === 'skiptoken') {
        const last = page[page.length - 1];
        next.searchParams.set(
          '$skiptoken',
          Buffer.from(JSON.stringify([last.ModificationTimestamp, last[this.key(resource)]])).toString('base64url'),
        );
      } else next.searchParams.set('$skip', String(skip + size));
      body['@odata.nextLink'] = next.toString();
    }
    return body;
  }

  private authorized(header: string | undefined): boolean {
    const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    const auth = this.options.auth ?? { kind: 'token', token: 'test-token' };
    if (!token) return false;
    if (auth.kind === 'token') return token === auth.token;
    const until = this.tokens.get(token);
    return until !== undefined && until > Date.now();
  }

  private token(req: IncomingMessage, send: (status: number, body: unknown) => void): void {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const auth = this.options.auth;
      this.tokenRequests++;
      if (auth?.kind !== 'client-credentials' || form.get('grant_type') !== 'client_credentials')
        return send(400, { error: 'unsupported' });
      if (form.get('client_id') !== auth.clientId || form.get('client_secret') !== auth.clientSecret)
        return send(401, { error: 'invalid_client' });
      const token = randomUUID();
      this.tokens.set(token, Date.now() + auth.tokenSeconds * 1000);
      send(200, { access_token: token, token_type: 'Bearer', expires_in: auth.tokenSeconds });
    });
  }
}
