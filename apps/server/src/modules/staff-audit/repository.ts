import type { StaffAuditExportQuery } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { containsPattern } from '../../lib/like';
import { sqlParams } from '../../lib/sql-params';

export interface StaffAuditRow {
  id: number;
  actor_login: string;
  actor_name: string;
  actor_level: number;
  action: string;
  area: string;
  route: string;
  subject: string;
  client_address: string;
  user_agent: string;
  occurred_on: Date;
}

/** The filters as SQL over parameters (never request text in SQL): days are read in the MLS's zone. */
function where(f: StaffAuditExportQuery, zone: string): { sql: string; params: unknown[] } {
  const { params, add: p } = sqlParams();
  const clauses: string[] = [];
  if (f.actor) {
    const like = p(containsPattern(f.actor.toLowerCase()));
    clauses.push(`(lower(actor_login) LIKE ${like} OR lower(actor_name) LIKE ${like})`);
  }
  if (f.subject) clauses.push(`lower(subject) LIKE ${p(containsPattern(f.subject.toLowerCase()))}`);
  if (f.action) {
    const like = p(containsPattern(f.action.toLowerCase()));
    clauses.push(`(lower(action) LIKE ${like} OR lower(route) LIKE ${like})`);
  }
  if (f.from) clauses.push(`occurred_on >= (${p(f.from)}::date)::timestamp AT TIME ZONE ${p(zone)}`);
  if (f.to) clauses.push(`occurred_on < ((${p(f.to)}::date + 1)::timestamp AT TIME ZONE ${p(zone)})`);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const COLUMNS = 'id, actor_login, actor_name, actor_level, action, area, route, subject, client_address, user_agent, occurred_on';

export async function searchStaffAudit(
  q: Queryable,
  f: StaffAuditExportQuery,
  zone: string,
  page: { pageId: number; pageSize: number },
): Promise<{ rows: StaffAuditRow[]; total: number }> {
  const { sql, params } = where(f, zone);
  const n = params.length;
  const rows = await q.query<StaffAuditRow>(
    `SELECT ${COLUMNS} FROM staff_audit_events ${sql} ORDER BY occurred_on DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.pageSize, (page.pageId - 1) * page.pageSize],
  );
  const count = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit_events ${sql}`, params);
  return { rows, total: count?.n ?? 0 };
}

/** Every matching row for the CSV, newest first, up to `limit`. */
export function exportStaffAudit(q: Queryable, f: StaffAuditExportQuery, zone: string, limit: number): Promise<StaffAuditRow[]> {
  const { sql, params } = where(f, zone);
  return q.query<StaffAuditRow>(
    `SELECT ${COLUMNS} FROM staff_audit_events ${sql} ORDER BY occurred_on DESC, id DESC LIMIT $${params.length + 1}`,
    [...params, limit],
  );
}

/** The retention job: the one deleter, which says so for its own transaction (migration 1131). */
export async function deleteStaffAuditBefore(q: Queryable, days: number): Promise<number> {
  await q.query("SELECT set_config('portico.audit_retention', 'on', true)");
  const rows = await q.query('DELETE FROM staff_audit_events WHERE occurred_on <= now() - make_interval(days => $1::int) RETURNING id', [
    days,
  ]);
  return rows.length;
}
