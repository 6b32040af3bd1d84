import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { seedDemoIfEmpty } from './index';
import { seedScale } from './scale';
import { SCALE_LISTING } from './scale-mls-listings';
import { INBOX_MEMBER } from './scale-notifications';

describe('scale seed: MLS listings and the inbox member', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await seedDemoIfEmpty(db);
    await seedScale(db, { members: 300, mlsListings: 13_000, inboxNotifications: 40 });
  }, 120_000);
  afterAll(() => db.close());

  it('spreads the listings over the 13 associations, the large ones four times the small ones', async () => {
    const rows = await db.query<{ short_name: string; n: number }>(
      `SELECT a.short_name, count(*)::int AS n FROM mls_listings l JOIN associations a ON a.id = l.aor_id
        WHERE l.mls_listing_id ~ $1 GROUP BY 1`,
      [SCALE_LISTING],
    );
    expect(rows).toHaveLength(13);
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(13_000);
    const of = (code: string) => rows.find((r) => r.short_name === code)!.n;
    expect(of('OC') / of('JT')).toBeGreaterThan(3);
    expect(of('OC') / of('JT')).toBeLessThan(5);
  });

  it('gives every association data in both KPI periods and over more than two years, with realistic prices', async () => {
    const rows = await db.query<Record<string, number | string>>(
      `SELECT aor_id,
              count(*) FILTER (WHERE on_market_date > CURRENT_DATE - 30)::int AS new_now,
              count(*) FILTER (WHERE on_market_date BETWEEN CURRENT_DATE - 59 AND CURRENT_DATE - 30)::int AS new_before,
              count(*) FILTER (WHERE close_date > CURRENT_DATE - 30)::int AS sold_now,
              count(*) FILTER (WHERE close_date BETWEEN CURRENT_DATE - 59 AND CURRENT_DATE - 30)::int AS sold_before,
              count(DISTINCT standard_status)::int AS statuses,
              (CURRENT_DATE - min(listing_contract_date))::int AS history_days,
              count(*) FILTER (WHERE standard_status = 'Closed' AND (close_price IS NULL OR close_date IS NULL
                OR close_price NOT BETWEEN list_price * 0.93 AND list_price * 1.05))::int AS bad_sales,
              count(*) FILTER (WHERE close_date > CURRENT_DATE OR pending_date > CURRENT_DATE
                OR (standard_status = 'Active' AND close_date IS NOT NULL))::int AS bad_dates
         FROM mls_listings WHERE mls_listing_id ~ $1 GROUP BY aor_id`,
      [SCALE_LISTING],
    );
    for (const r of rows) {
      expect(r, `association ${r.aor_id}`).toMatchObject({ bad_sales: 0, bad_dates: 0, statuses: 6 });
      for (const k of ['new_now', 'new_before', 'sold_now', 'sold_before']) expect(r[k], `${k} of ${r.aor_id}`).toBeGreaterThan(0);
      expect(r.history_days).toBeGreaterThan(2 * 365);
    }
  });

  it('lists each listing under a member of an ordinary office of its own association', async () => {
    const bad = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM mls_listings l JOIN members m ON m.id = l.list_agent_member_id
        WHERE l.mls_listing_id ~ $1 AND (m.aor_id <> l.aor_id OR m.office_id <> l.office_id)`,
      [SCALE_LISTING],
    );
    const unlisted = await db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM mls_listings WHERE mls_listing_id ~ $1 AND list_agent_member_id IS NULL',
      [SCALE_LISTING],
    );
    expect(bad?.n).toBe(0);
    expect(unlisted?.n).toBe(0);
  });

  it('tops up: the same counts add nothing, larger ones add the difference, and listing k stays the same', async () => {
    const first = await db.one('SELECT * FROM mls_listings WHERE mls_listing_id ~ $1 ORDER BY id LIMIT 1', [SCALE_LISTING]);
    await seedScale(db, { members: 300, mlsListings: 13_000, inboxNotifications: 40 });
    await seedScale(db, { members: 300, mlsListings: 13_100, inboxNotifications: 55 });
    const n = await db.one<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT mls_listing_id)::int AS distinct FROM mls_listings WHERE mls_listing_id ~ $1',
      [SCALE_LISTING],
    );
    expect(n).toEqual({ n: 13_100, distinct: 13_100 });
    expect(await db.one('SELECT * FROM mls_listings WHERE id = $1', [first!.id])).toEqual(first);
    const inbox = await db.one<{ n: number; unread: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT n.is_read)::int AS unread
         FROM notifications n JOIN members m ON m.id = n.member_id WHERE m.login_id ~ $1`,
      [INBOX_MEMBER],
    );
    expect(inbox!.n).toBe(55);
    expect(inbox!.unread).toBeGreaterThan(5);
  });
});
