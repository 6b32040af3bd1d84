import type { Queryable } from '../../db/index';

export interface SecurityEventRow {
  id: number;
  kind: string;
  result: string;
  browser: string;
  os: string;
  device_type: string;
  client_address: string;
  place: string | null;
  detail: string;
  by_name: string | null;
  occurred_on: Date;
}

export interface NewSecurityEvent {
  accountId: number;
  kind: string;
  result: string;
  byAccountId: number | null;
  browser: string;
  os: string;
  deviceType: string;
  address: string;
  place: string | null;
  detail: string;
}

/** Appends one event; the table refuses updates (migration 1130). */
export async function insertSecurityEvent(q: Queryable, e: NewSecurityEvent): Promise<void> {
  await q.query(
    `INSERT INTO security_events (account_id, kind, result, by_account_id, browser, os, device_type, client_address, place, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [e.accountId, e.kind, e.result, e.byAccountId, e.browser, e.os, e.deviceType, e.address.slice(0, 64), e.place, e.detail.slice(0, 300)],
  );
}

/** One page of the account's events of the last `days` days, newest first, with the total for the pager. */
export async function listSecurityEvents(
  q: Queryable,
  accountId: number,
  days: number,
  page: { pageId: number; pageSize: number },
): Promise<{ rows: SecurityEventRow[]; total: number }> {
  const since = 'now() - make_interval(days => $2::int)';
  const rows = await q.query<SecurityEventRow>(
    `SELECT e.id, e.kind, e.result, e.browser, e.os, e.device_type, e.client_address, e.place, e.detail, e.occurred_on,
       CASE WHEN e.by_account_id IS NULL OR e.by_account_id = e.account_id THEN NULL ELSE COALESCE(m.display_name, 'Staff') END AS by_name
     FROM security_events e
     LEFT JOIN accounts s ON s.id = e.by_account_id LEFT JOIN members m ON m.id = s.member_id
     WHERE e.account_id = $1 AND e.occurred_on > ${since}
     ORDER BY e.occurred_on DESC, e.id DESC LIMIT $3 OFFSET $4`,
    [accountId, days, page.pageSize, (page.pageId - 1) * page.pageSize],
  );
  const count = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM security_events e WHERE e.account_id = $1 AND e.occurred_on > ${since}`,
    [accountId, days],
  );
  return { rows, total: count?.n ?? 0 };
}

/** The retention job: every event older than `days` days. */
export async function deleteSecurityEventsBefore(q: Queryable, days: number): Promise<number> {
  const rows = await q.query('DELETE FROM security_events WHERE occurred_on <= now() - make_interval(days => $1::int) RETURNING id', [
    days,
  ]);
  return rows.length;
}
