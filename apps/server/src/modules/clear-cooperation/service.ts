import { type ClearCoopDue, type ClearCoopPage, type ClearCoopRow, dueWithinFrom, type Viewer } from '@portico/shared';
import type { Db } from '../../db/index';
import { loadBusinessCalendar } from '../compliance/index';
import { scopeOf, scopeWhere } from '../registered/index';
import { presentDue, presentPage } from './presenter';
import { type ClearCoopFilters, clearCoopPage, ownOpenDeadlines } from './repository';

/** The most rows one CSV export carries. */
export const CSV_MAX_ROWS = 10_000;

/** A page of the screen over the listings the member sees (the registered module's own rule). */
export async function searchClearCoop(
  db: Db,
  viewer: Viewer,
  filters: ClearCoopFilters,
  page: { pageId: number; pageSize: number },
  now: Date = new Date(),
): Promise<ClearCoopPage> {
  const scope = scopeWhere(await scopeOf(db, viewer));
  const { rows, counts } = await clearCoopPage(db, scope, filters, page, now);
  return presentPage(rows, counts, page.pageSize);
}

/** Every row the filters keep (up to CSV_MAX_ROWS), for the CSV export. */
export async function exportClearCoop(db: Db, viewer: Viewer, filters: ClearCoopFilters): Promise<ClearCoopRow[]> {
  return (await searchClearCoop(db, viewer, filters, { pageId: 1, pageSize: CSV_MAX_ROWS })).rows;
}

/** The member's own listings due in the MLS within two business days (the dashboard's card). */
export async function dueSoonOf(db: Db, viewer: Viewer, zone: string, now: Date = new Date()): Promise<ClearCoopDue> {
  const rows = await ownOpenDeadlines(db, viewer.memberId, now);
  if (rows.length === 0) return presentDue([]);
  const { calendar } = await loadBusinessCalendar(db, zone, now);
  const due = rows.filter(
    (r) => now.getTime() >= dueWithinFrom(calendar, { date: r.mls_deadline_on, endsAt: new Date(r.mls_deadline_at) }, 2).getTime(),
  );
  return presentDue(due);
}
