import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small RESO Web API (OData v4) server for the feed's tests, on loopback: `$filter` (comparisons, and, or,
 * parentheses), `$orderby`, `$top`, `$skip`, `$select`, server-side paging by `@odata.nextLink` (by `$skip`, or by a
 * `$skiptoken` cursor), a static bearer token or OAuth 2 client credentials with short-lived tokens, and faults.
 */
export type ResoRow = Record<string, unknown>;

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

type Token = { kind: 'str'; v: string } | { kind: 'lit'; v: string } | { kind: 'id'; v: string } | { kind: 'p'; v: '(' | ')' };

function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ' ') i++;
    else if (c === '(' || c === ')') {
      out.push({ kind: 'p', v: c });
      i++;
    } else if (c === "'") {
      let v = '';
      i++;
      for (;;) {
        if (s[i] === "'" && s[i + 1] === "'") {
          v += "'";
          i += 2;
        } else if (s[i] === "'") break;
        else v += s[i++];
      }
      i++;
      out.push({ kind: 'str', v });
    } else {
      const m = /^[^\s()]+/.exec(s.slice(i))![0];
      out.push(/^[A-Za-z_]\w*$/.test(m) ? { kind: 'id', v: m } : { kind: 'lit', v: m });
      i += m.length;
    }
  }
  return out;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') {
    const [da, db] = [Date.parse(a), Date.parse(b)];
    if (/^\d{4}-\d{2}-\d{2}T/.test(a) && /^\d{4}-\d{2}-\d{2}T/.test(b) && !Number.isNaN(da) && !Number.isNaN(db)) return da - db;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return Number(a) - Number(b);
}

const OPS: Record<string, (c: number) => boolean> = {
  eq: (c) => c === 0,
  ne: (c) => c !== 0,
  gt: (c) => c > 0,
  ge: (c) => c >= 0,
  lt: (c) => c < 0,
  le: (c) => c <= 0,
};

/** `$filter` as a predicate over rows. */
export function parseFilter(filter: string): (row: ResoRow) => boolean {
  const tokens = tokenize(filter);
  let pos = 0;
  const operand = (row: ResoRow) => {
    const t = tokens[pos++];
    if (t.kind === 'id') return t.v === 'null' ? null : row[t.v];
    if (t.kind === 'str') return t.v;
    return /^-?\d+(\.\d+)?$/.test(t.v) ? Number(t.v) : t.v;
  };
  // Each row parses the expression again: small data, simple code.
  const or = (row: ResoRow): boolean => {
    let v = and(row);
    while (tokens[pos]?.kind === 'id' && tokens[pos].v === 'or') {
      pos++;
      v = and(row) || v;
    }
    return v;
  };
  const and = (row: ResoRow): boolean => {
    let v = primary(row);
    while (tokens[pos]?.kind === 'id' && tokens[pos].v === 'and') {
      pos++;
      v = primary(row) && v;
    }
    return v;
  };
  const primary = (row: ResoRow): boolean => {
    if (tokens[pos]?.kind === 'p' && tokens[pos].v === '(') {
      pos++;
      const v = or(row);
      pos++;
      return v;
    }
    const left = operand(row);
    const op = tokens[pos++].v;
    const right = operand(row);
    if (!OPS[op]) throw new Error(`operator ${op}`);
    return left !== null && left !== undefined && OPS[op](compare(left, right));
  };
  return (row) => {
    pos = 0;
    return or(row);
  };
}

export class ResoServer {
  readonly data: Record<string, ResoRow[]> = { Member: [], Office: [], Property: [], Media: [] };
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

  private query(resource: string, rows: ResoRow[], url: URL) {
    const p = url.searchParams;
    const filter = p.get('$filter');
    const order = (p.get('$orderby') ?? '').split(',').filter(Boolean);
    let result = filter ? rows.filter(parseFilter(filter)) : [...rows];
    result.sort((a, b) => {
      for (const f of order) {
        const c = compare(a[f.trim()], b[f.trim()]);
        if (c) return c;
      }
      return 0;
    });
    const cursor = p.get('$skiptoken');
    if (cursor) {
      const [ts, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString());
      const k = this.key(resource);
      result = result.filter(
        (r) => compare(r.ModificationTimestamp, ts) > 0 || (compare(r.ModificationTimestamp, ts) === 0 && compare(r[k], key) > 0),
      );
    }
    const skip = Number(p.get('$skip') ?? 0);
    const top = p.has('$top') ? Number(p.get('$top')) : Number.POSITIVE_INFINITY;
    const size = Math.min(top, this.options.pageSize ?? 1000);
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
