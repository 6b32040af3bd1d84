import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { seedDemoIfEmpty } from './index';

describe('admin demo seed', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await seedDemoIfEmpty(db);
  }, 120_000);
  afterAll(() => db.close());

  it("gives the demo broker's office, the demo manager's branch and the demo association admin messages of several types", async () => {
    const rows = await db.query<{ author: string; office: string | null; types: number }>(
      `SELECT m.login_id AS author, o.office_code AS office, count(DISTINCT n.system_notification_status_id)::int AS types
       FROM system_notifications n JOIN members m ON m.id = n.created_by_member_id LEFT JOIN offices o ON o.id = n.office_id
       GROUP BY m.login_id, o.office_code ORDER BY 1`,
    );
    expect(rows).toEqual([
      { author: 'aorstaff', office: null, types: 2 },
      { author: 'broker', office: 'OC100', types: 2 },
      { author: 'manager', office: 'OC101', types: 1 },
    ]);
  });

  it('gives Orange Coast and OC100 complete resource materials', async () => {
    const rows = await db.query<{ office: string | null; is_broker: boolean }>(
      `SELECT o.office_code AS office, r.is_broker FROM resource_materials r LEFT JOIN offices o ON o.id = r.office_id
       WHERE r.url <> '' AND r.password <> '' ORDER BY 1 NULLS FIRST, 2`,
    );
    expect(rows).toEqual([
      { office: null, is_broker: false },
      { office: null, is_broker: true },
      { office: 'OC100', is_broker: true },
    ]);
  });
  it('gives two Orange Coast members realistic shared-login flags: Los Angeles then New York 20 minutes later, many devices', async () => {
    const flags = await db.query<{ login_id: string; kind: string; evidence: { minutes?: number; devices?: number } }>(
      `SELECT a.login_id, f.kind, f.evidence FROM shared_login_flags f JOIN accounts a ON a.id = f.account_id
       WHERE f.state = 'open' ORDER BY a.id, f.kind`,
    );
    const [first, second] = [...new Set(flags.map((f) => f.login_id))];
    expect(flags.filter((f) => f.login_id === first).map((f) => f.kind)).toEqual(['impossible-travel', 'many-devices']);
    expect(flags.find((f) => f.kind === 'impossible-travel')?.evidence.minutes).toBe(20);
    expect(flags.filter((f) => f.login_id === second).map((f) => f.kind)).toEqual(['many-devices']);
    expect(flags.find((f) => f.login_id === second)?.evidence.devices).toBe(7);
  });
});
