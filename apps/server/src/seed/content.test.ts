import { SYSTEM_NOTIFICATION_POSITIONS } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { seedDemoIfEmpty } from './index';

describe('content demo seed', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await seedDemoIfEmpty(db);
  }, 120_000);
  afterAll(() => db.close());

  it('seeds about 60 articles in the default categories and others, some promoted now', async () => {
    const stats = await db.one<{ n: number; broker: number; general: number; promoted: number; categories: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE article_category_id = 1)::int AS broker,
         count(*) FILTER (WHERE article_category_id = 10)::int AS general,
         count(*) FILTER (WHERE promote_on <= now() AND promote_end > now() AND status = 'Published')::int AS promoted,
         count(DISTINCT article_category_id)::int AS categories FROM articles`,
    );
    expect(stats!.n).toBeGreaterThanOrEqual(55);
    expect(stats!.broker).toBeGreaterThan(5);
    expect(stats!.general).toBeGreaterThan(5);
    expect(stats!.promoted).toBeGreaterThan(3);
    expect(stats!.categories).toBeGreaterThan(4);
  });

  it('gives every demo member notifications and the agent more than 1,000', async () => {
    const rows = await db.query<{ login_id: string; n: number }>(
      `SELECT m.login_id, count(n.id)::int AS n FROM accounts a JOIN members m ON m.id = a.member_id
       LEFT JOIN notifications n ON n.member_id = m.id GROUP BY m.login_id`,
    );
    // neweula is seeded after the content on purpose (decision 0960: a newcomer who has not accepted the EULA yet).
    const demo = rows.filter((r) => !/\d/.test(r.login_id) && r.login_id !== 'neweula');
    expect(demo.length).toBeGreaterThan(5);
    for (const r of demo) expect(r.n, r.login_id).toBeGreaterThan(0);
    expect(demo.find((r) => r.login_id === 'agent')!.n).toBeGreaterThan(1000);
  });

  it('has system messages of every position and status', async () => {
    const rows = await db.query<{ position: string; status: number }>(
      'SELECT DISTINCT position, system_notification_status_id AS status FROM system_notifications',
    );
    expect(new Set(rows.map((r) => r.position))).toEqual(new Set(SYSTEM_NOTIFICATION_POSITIONS));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([1, 2, 3, 4]));
  });
});
