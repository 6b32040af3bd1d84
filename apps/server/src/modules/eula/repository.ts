import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';

export interface EulaRow {
  id: number;
  version: string;
  title: string;
  body_html: string;
  published_on: Date;
  signature?: string | null;
  accepted_on?: Date | null;
}

/** The newest published agreement: the one every member must have accepted. */
const CURRENT = 'SELECT id, version, title, body_html, published_on FROM eulas ORDER BY published_on DESC, id DESC LIMIT 1';

export function currentEula(q: Queryable): Promise<EulaRow | null> {
  return q.one<EulaRow>(CURRENT);
}

/** The current agreement with the member's acceptance of it (null columns when they have not accepted it). */
export function currentEulaFor(q: Queryable, memberId: number): Promise<EulaRow | null> {
  return q.one<EulaRow>(
    `SELECT e.*, a.signature, a.accepted_on FROM (${CURRENT}) e
     LEFT JOIN eula_acceptances a ON a.eula_id = e.id AND a.member_id = $1`,
    [memberId],
  );
}

/** The agreement the member accepted last, with their signature and the time. */
export function lastAcceptedEula(q: Queryable, memberId: number): Promise<EulaRow | null> {
  return q.one<EulaRow>(
    `SELECT e.id, e.version, e.title, e.body_html, e.published_on, a.signature, a.accepted_on
     FROM eula_acceptances a JOIN eulas e ON e.id = a.eula_id
     WHERE a.member_id = $1 ORDER BY a.accepted_on DESC, e.published_on DESC LIMIT 1`,
    [memberId],
  );
}

/** True when an agreement exists that the member has not accepted. */
export async function isEulaExpired(q: Queryable, memberId: number): Promise<boolean> {
  // Prepared: asked each time a signed-in member's token is first seen (decision 0001).
  const [row] = await q.queryPrepared<{ expired: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM eula_acceptances a WHERE a.eula_id = e.id AND a.member_id = $1) AS expired FROM (${CURRENT}) e`,
    [memberId],
  );
  return row?.expired ?? false;
}

/**
 * `isEulaExpired` for the members of many sign-in accounts in one query, by account id (the first calls of new tokens,
 * plugins/auth.ts: read in the same turn as the member, issue 33). Accounts missing from the map have nothing to accept:
 * no agreement is published, or the account has no member data.
 */
export async function eulaExpiredOfAccounts(q: Queryable, accountIds: number[]): Promise<Map<number, boolean>> {
  const rows = await q.queryPrepared<{ account_id: number; expired: boolean }>(
    `SELECT acc.id AS account_id,
       NOT EXISTS (SELECT 1 FROM eula_acceptances a WHERE a.eula_id = e.id AND a.member_id = acc.member_id) AS expired
     FROM accounts acc, (${CURRENT}) e WHERE acc.id = ANY($1::int[]) AND acc.member_id IS NOT NULL`,
    [accountIds],
  );
  return new Map(rows.map((r) => [r.account_id, r.expired]));
}

/** Records the acceptance once; accepting the same version again keeps the first signature and time. */
export async function recordAcceptance(q: Queryable, memberId: number, eulaId: number, signature: string): Promise<void> {
  await q.query(
    `INSERT INTO eula_acceptances (member_id, eula_id, signature) VALUES ($1, $2, $3) ON CONFLICT (member_id, eula_id) DO NOTHING`,
    [memberId, eulaId, signature],
  );
}

export function memberName(q: Queryable, memberId: number): Promise<{ first_name: string; last_name: string } | null> {
  return q.one('SELECT first_name, last_name FROM members WHERE id = $1', [memberId]);
}

/** Publishes a new version, numbered `{year}.{n}` within the year; one at a time (the lock orders concurrent ones). */
export async function insertVersion(q: Queryable, title: string, bodyHtml: string, publishedBy: number): Promise<EulaRow> {
  await q.query('LOCK TABLE eulas IN SHARE ROW EXCLUSIVE MODE');
  const year = new Date().getUTCFullYear();
  const next = await q.one<{ n: number }>(
    `SELECT coalesce(max(split_part(version, '.', 2)::int), 0) + 1 AS n FROM eulas WHERE version ~ ('^' || $1 || '\\.[0-9]+$')`,
    [String(year)],
  );
  const row = await q.one<EulaRow>(
    `INSERT INTO eulas (version, title, body_html, published_on, published_by)
     VALUES ($1, $2, $3, greatest(now(), (SELECT max(published_on) + interval '1 millisecond' FROM eulas)), $4)
     RETURNING id, version, title, body_html, published_on`,
    [`${year}.${next?.n ?? 1}`, title, bodyHtml, publishedBy],
  );
  return row!;
}

export interface VersionRow {
  id: number;
  version: string;
  title: string;
  published_on: Date;
  published_by_name: string | null;
  accepted_count: number;
  is_current: boolean;
}

export function listVersions(q: Queryable): Promise<VersionRow[]> {
  return q.query<VersionRow>(
    `SELECT e.id, e.version, e.title, e.published_on, m.display_name AS published_by_name,
            (SELECT count(*)::int FROM eula_acceptances a WHERE a.eula_id = e.id) AS accepted_count,
            e.id = (SELECT id FROM (${CURRENT}) c) AS is_current
     FROM eulas e LEFT JOIN members m ON m.id = e.published_by
     ORDER BY e.published_on DESC, e.id DESC`,
  );
}

export async function eulaExists(q: Queryable, id: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM eulas WHERE id = $1', [id]));
}

/** Who accepted a version (`POST api/app/Eula/{id}/Acceptances/q`): searchable by login id and name, newest first. */
export interface AcceptanceRow {
  member_id: number;
  login_id: string;
  display_name: string;
  signature: string | null;
  accepted_on: Date;
}

export const ACCEPTANCE_SPEC: ResourceSpec = {
  from: 'eula_acceptances a JOIN members m ON m.id = a.member_id',
  select: 'a.member_id, m.login_id, m.display_name, a.signature, a.accepted_on',
  fields: {
    loginId: { sql: 'm.login_id', type: 'text', sortable: true },
    memberName: { sql: 'm.display_name', type: 'text', sortable: true },
    acknowledgementTime: { sql: 'a.accepted_on', type: 'date', sortable: true },
  },
  defaultOrder: 'a.accepted_on DESC, a.member_id',
};
