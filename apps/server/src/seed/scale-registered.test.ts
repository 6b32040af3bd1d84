import { addDays, DEFAULT_MLS_TIME_ZONE, isRegisteredReadOnly, todayIso } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { seedDemoIfEmpty } from './index';
import { seedScale } from './scale';

const SCALE = "r.list_agent_mls_id ~ '^[A-Z]{2,3}M[0-9]{7}$'";

interface Row {
  standard_status: string;
  listing_id: string;
  listing_contract_date: string;
  expiration_date: string;
  start_showing_date: string | null;
  cancellation_date: string | null;
  promoted_date: string | null;
  promoted_mls_id: string | null;
  list_price: number;
  property_type: string;
  expiry_notice_sent_on: string | null;
}

describe('scale seed of registered listings', () => {
  let db: Db;
  let rows: Row[];
  beforeAll(async () => {
    db = await openTestDb();
    await seedDemoIfEmpty(db);
    await seedScale(db, { members: 1400, registered: 3000 });
    rows = await db.query<Row>(`SELECT r.* FROM registered_listings r WHERE ${SCALE}`);
  });
  afterAll(() => db.close());

  it('adds the listings, each on a public-record address of its own association, by an agent of its office', async () => {
    expect(rows).toHaveLength(3000);
    const facts = await db.one<{ aors: number; listers: number; offAddress: number; offOffice: number; coList: number }>(
      `SELECT count(DISTINCT r.aor_id)::int AS aors, count(DISTINCT r.list_agent_member_id)::int AS listers,
              count(*) FILTER (WHERE p.id IS NULL OR r.unparsed_address NOT LIKE p.full_street || '%'
                OR r.city <> p.city OR r.postal_code <> p.postal_code)::int AS "offAddress",
              count(*) FILTER (WHERE m.office_id <> r.office_id OR o.aor_id <> r.aor_id
                OR (co.id IS NOT NULL AND co.office_id <> r.office_id))::int AS "offOffice",
              count(co.id)::int AS "coList"
       FROM registered_listings r
       LEFT JOIN property_records p ON p.upi = r.universal_property_id
       JOIN members m ON m.id = r.list_agent_member_id JOIN offices o ON o.id = r.office_id
       LEFT JOIN members co ON co.id = r.co_list_agent_member_id
       WHERE ${SCALE}`,
    );
    expect(facts).toMatchObject({ aors: 13, offAddress: 0, offOffice: 0 });
    expect(facts!.listers).toBeGreaterThan(300);
    expect(facts!.coList).toBeGreaterThan(300);
    // The gazetteer finds the seeded addresses: the address type-ahead works on the scale data.
    const ahead = await db.one<{ n: number }>("SELECT count(*)::int AS n FROM property_records WHERE upi LIKE 'US-S%'");
    expect(ahead!.n).toBeGreaterThanOrEqual(1500);
  });

  it('spreads every status with realistic shares, dates over the last two years, and keeps every rule', () => {
    const today = todayIso(DEFAULT_MLS_TIME_ZONE);
    const share = (s: string) => rows.filter((r) => r.standard_status === s).length / rows.length;
    expect(share('A')).toBeGreaterThan(0.05);
    expect(share('S')).toBeGreaterThan(0.3);
    expect(share('K')).toBeGreaterThan(0.1);
    expect(share('C')).toBeGreaterThan(0.05);
    expect(share('Z')).toBeGreaterThan(0.01);
    expect(share('Z')).toBeLessThan(0.1);
    for (const r of rows) {
      expect(r.listing_contract_date >= addDays(today, -730) && r.listing_contract_date <= today).toBe(true);
      expect(r.expiration_date > r.listing_contract_date).toBe(true);
      if (r.start_showing_date)
        expect(r.start_showing_date >= r.listing_contract_date && r.start_showing_date < r.expiration_date).toBe(true);
      expect(r.list_price).toBeGreaterThanOrEqual(1);
      expect(/^(AA|[A-Z]{2,3}L)\d+$/.test(r.listing_id)).toBe(true);
      if (!r.listing_id.startsWith('AA')) expect(['Manu', 'Comm', 'Clse', 'Busop']).not.toContain(r.property_type);
      // Sent: promoted with an MLS id; expired and cancelled: a cancellation date; none of them in the future.
      expect(r.standard_status === 'S').toBe(r.promoted_mls_id !== null && r.promoted_date !== null && r.promoted_date <= today);
      if (['K', 'C'].includes(r.standard_status)) expect(r.cancellation_date !== null && r.cancellation_date <= today).toBe(true);
      // Still registered: editable, the daily job would neither expire it nor e-mail about it again.
      if (r.standard_status === 'A') {
        const facts = { cancellationDate: r.cancellation_date, promotedMlsId: r.promoted_mls_id, expirationDate: r.expiration_date };
        expect(isRegisteredReadOnly(facts, today)).toBe(false);
        if (r.expiration_date <= addDays(today, 10)) expect(r.expiry_notice_sent_on).not.toBeNull();
      }
    }
  });

  it('adds nothing when run again with the same count, and only the difference for a larger one', async () => {
    await seedScale(db, { members: 1400, registered: 3000 });
    await seedScale(db, { members: 1400, registered: 3100 });
    const n = await db.one<{ n: number; ids: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT listing_id)::int AS ids FROM registered_listings r WHERE ${SCALE}`,
    );
    expect(n).toEqual({ n: 3100, ids: 3100 });
  });
});
