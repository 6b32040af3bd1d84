import type { ClearCoopState } from '@portico/shared';
import type { Db } from '../../db/index';
import { containsPattern } from '../../lib/like';
import { sqlParams } from '../../lib/sql-params';

/** A row of the Clear Cooperation screen, as the query answers it. */
export interface ClearCoopListRow {
  id: number;
  listing_id: string;
  unparsed_address: string;
  agent_name: string | null;
  agent_mls_id: string;
  office_code: string | null;
  office_name: string | null;
  exemption_kind: string;
  start_showing_date: string | null;
  mls_deadline_on: string | null;
  mls_alerted_on: Date | null;
  mls_case_id: number | null;
  case_code: string | null;
  mls_listing_key: string | null;
  mls_seen_on: Date | null;
  marketed_early: boolean;
  /** Null when the listing has no disclosure due date: nothing is missing then. */
  disclosure_missing: boolean | null;
  state: ClearCoopState;
  total: string;
}

/** The state in SQL, in the order of `clearCoopState` (packages/shared): the same columns, the same answer. */
const STATE = (now: string) => `CASE
    WHEN r.mls_listing_key IS NOT NULL THEN 'in-mls'
    WHEN r.standard_status = 'S' THEN 'sent-to-mls'
    WHEN r.standard_status <> 'A' THEN 'closed'
    WHEN r.mls_case_id IS NOT NULL THEN 'case-opened'
    WHEN r.mls_alerted_on IS NOT NULL THEN 'alerted'
    WHEN r.mls_deadline_at IS NULL THEN 'no-deadline'
    WHEN ${now} >= r.mls_deadline_at THEN 'overdue'
    WHEN ${now} >= r.mls_due_soon_at THEN 'due-soon'
    ELSE 'on-time' END`;

/** Most urgent first. */
const RANK = `CASE state WHEN 'case-opened' THEN 0 WHEN 'alerted' THEN 1 WHEN 'overdue' THEN 2 WHEN 'due-soon' THEN 3
  WHEN 'on-time' THEN 4 WHEN 'no-deadline' THEN 5 ELSE 6 END`;

export interface ClearCoopFilters {
  state?: ClearCoopState;
  flag?: 'marketed-early' | 'disclosure-missing';
  search?: string;
  agent?: string;
  office?: string;
  from?: string;
  to?: string;
}

/** The rows in scope with the filters other than state and flag, as a CTE `base` (params after the scope's). */
function base(scope: { where: string; params: unknown[] }, f: ClearCoopFilters, now: Date) {
  const { params, add: p } = sqlParams(scope.params);
  const nowParam = `${p(now.toISOString())}::timestamptz`;
  const where = [
    scope.where,
    // What the watch looks at, and what it flagged or escalated whatever has become of the listing since.
    `(r.standard_status = 'A' OR r.mls_case_id IS NOT NULL OR r.marketed_early_on IS NOT NULL)`,
  ];
  if (f.search) where.push(`(r.listing_id ILIKE ${p(containsPattern(f.search))} OR r.unparsed_address ILIKE $${params.length})`);
  if (f.agent) where.push(`(la.display_name ILIKE ${p(containsPattern(f.agent))} OR r.list_agent_mls_id ILIKE $${params.length})`);
  if (f.office) where.push(`(o.office_code ILIKE ${p(containsPattern(f.office))} OR o.name ILIKE $${params.length})`);
  if (f.from) where.push(`r.mls_deadline_on >= ${p(f.from)}::date`);
  if (f.to) where.push(`r.mls_deadline_on <= ${p(f.to)}::date`);
  const sql = `WITH base AS (
    SELECT r.id, r.listing_id, r.unparsed_address, la.display_name AS agent_name, r.list_agent_mls_id AS agent_mls_id,
           o.office_code, o.name AS office_name, r.exemption_kind, r.start_showing_date::text, r.mls_deadline_on::text,
           r.mls_alerted_on, r.mls_case_id, w.item_short_code AS case_code, r.mls_listing_key, r.mls_seen_on,
           r.marketed_early_on IS NOT NULL AS marketed_early,
           (r.standard_status = 'A' AND r.disclosure_filed_on IS NULL AND r.disclosure_due_at <= ${nowParam}) AS disclosure_missing,
           ${STATE(nowParam)} AS state
      FROM registered_listings r
      LEFT JOIN members la ON la.id = r.list_agent_member_id
      LEFT JOIN offices o ON o.id = r.office_id
      LEFT JOIN work_items w ON w.id = r.mls_case_id
     WHERE ${where.join(' AND ')})`;
  return { sql, params, p };
}

/** A page of the screen, most urgent first, and the counts of each state and flag over the same filters. */
export async function clearCoopPage(
  db: Db,
  scope: { where: string; params: unknown[] },
  f: ClearCoopFilters,
  page: { pageId: number; pageSize: number },
  now: Date,
): Promise<{ rows: ClearCoopListRow[]; counts: Array<{ state: string; n: string; early: string; missing: string }> }> {
  const counted = base(scope, f, now);
  const counts = await db.query<{ state: string; n: string; early: string; missing: string }>(
    `${counted.sql} SELECT state, count(*) AS n, count(*) FILTER (WHERE marketed_early) AS early,
       count(*) FILTER (WHERE disclosure_missing) AS missing FROM base GROUP BY state`,
    counted.params,
  );
  const listed = base(scope, f, now);
  const keep: string[] = [];
  if (f.state) keep.push(`state = ${listed.p(f.state)}`);
  if (f.flag === 'marketed-early') keep.push('marketed_early');
  if (f.flag === 'disclosure-missing') keep.push('disclosure_missing');
  const limit = listed.p(page.pageSize);
  const offset = listed.p((page.pageId - 1) * page.pageSize);
  const rows = await db.query<ClearCoopListRow>(
    `${listed.sql} SELECT *, count(*) OVER () AS total FROM base ${keep.length ? `WHERE ${keep.join(' AND ')}` : ''}
     ORDER BY ${RANK}, mls_deadline_on NULLS LAST, id LIMIT ${limit} OFFSET ${offset}`,
    listed.params,
  );
  return { rows, counts };
}

/** The member's own listings (list or co-list agent) whose deadline is still ahead, for the dashboard's card. */
export async function ownOpenDeadlines(db: Db, memberId: number, now: Date) {
  return db.query<{ id: number; listing_id: string; unparsed_address: string; mls_deadline_on: string; mls_deadline_at: Date }>(
    `SELECT r.id, r.listing_id, r.unparsed_address, r.mls_deadline_on::text, r.mls_deadline_at FROM registered_listings r
      WHERE (r.list_agent_member_id = $1 OR r.co_list_agent_member_id = $1) AND r.standard_status = 'A'
        AND r.mls_listing_key IS NULL AND r.mls_deadline_at > $2 ORDER BY r.mls_deadline_at, r.id LIMIT 50`,
    [memberId, now.toISOString()],
  );
}
