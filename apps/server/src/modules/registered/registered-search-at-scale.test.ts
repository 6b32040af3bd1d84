import { REGISTERED_MESSAGES as M, querySchema } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { buildListing } from '../../../test/registered-factories';
import { runWalkFirst } from '../../lib/query-walk';
import { REGISTERED_COUNT_CAP, registeredSpecOverFewRows } from './repository';
import { censusTaken, sampledShare, searchCensus, takeCensus } from './search-census';

/** The list's search over more listings than it counts (docs/decisions/0205-registered-scale.md). */
describe('registered listings search: capped totals, status values, text search', () => {
  let ctx: TestContext;
  let agent: BuiltMember;
  let mlsStaff: BuiltMember;
  // More than the census needs to call a text dense, and five times the count cap.
  const MANY = 1_005;

  const search = async (who: BuiltMember, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/app/Registration/search/', headers: await ctx.as(who.accountId), payload: body });
  const text = (t: string) => [
    { field: 'listingId', op: 'Contains', values: [t] },
    { field: 'propertyAddress', op: 'Contains', values: [t] },
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    agent = await ctx.factories.buildMember({ type: 'Agent' });
    mlsStaff = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const first = await buildListing(ctx.db, agent, { unparsedAddress: '1 Ocean Blvd, Huntington Beach, CA 92648' });
    // Copies of the first listing on numbered streets: 15 of them on 'Marina Way', some of those cancelled.
    await ctx.db.query(
      `INSERT INTO registered_listings (listing_id, standard_status, cancellation_date, expiration_date, listing_contract_date,
         property_type, list_price, unparsed_address, street_number, street_name, city, state_or_province, postal_code,
         county_or_parish, list_agent_mls_id, list_agent_member_id, office_id, aor_id)
       SELECT 'AA5' || lpad(g::text, 7, '0'), CASE WHEN g % 3 = 0 AND g <= 15 THEN 'C' ELSE 'A' END,
              CASE WHEN g % 3 = 0 AND g <= 15 THEN listing_contract_date END, expiration_date, listing_contract_date,
              property_type, list_price, g || CASE WHEN g <= 15 THEN ' Marina Way' ELSE ' Elm St' END || ', Irvine, CA 92602',
              g::text, street_name, city, state_or_province, postal_code, county_or_parish, list_agent_mls_id,
              list_agent_member_id, office_id, aor_id
       FROM registered_listings, generate_series(1, $2::int) AS g WHERE id = $1`,
      [first.id, MANY - 1],
    );
  });
  afterAll(() => ctx.close());

  const CAPPED = 'More than 200 listings match: refine the search to narrow them.';

  it('counts up to the cap, then says that more match', async () => {
    for (const who of [agent, mlsStaff]) {
      const body = (await search(who, { pageSize: 10 })).json();
      expect(body.results).toHaveLength(10);
      expect(body).toMatchObject({ totalResults: REGISTERED_COUNT_CAP, totalPages: REGISTERED_COUNT_CAP / 10 });
      expect(body.message).toBe(M.countCapped(REGISTERED_COUNT_CAP));
      // One figure for every search, with a text or without (it said 1,000 here and 200 for a text).
      expect(body.message).toBe(CAPPED);
    }
    const beyond = (await search(agent, { pageId: REGISTERED_COUNT_CAP / 10 + 1, pageSize: 10 })).json();
    expect(beyond.results.length).toBeGreaterThan(0);
  });

  it('gives exact totals under the cap, on every page, newest first within a status', async () => {
    const page1 = (
      await search(agent, { pageSize: 4, criteria: text('marina'), orderBy: [{ field: 'registeredStatus', direction: 'asc' }] })
    ).json();
    expect(page1).toMatchObject({ totalResults: 15, totalPages: 4, message: '' });
    const statuses = page1.results.map((r: { registeredStatus: string }) => r.registeredStatus);
    expect(statuses).toEqual(['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled']);
    const ids = page1.results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const last = (await search(agent, { pageId: 4, pageSize: 4, criteria: text('marina') })).json();
    expect(last).toMatchObject({ totalResults: 15, totalPages: 4 });
    expect(last.results).toHaveLength(3);
    const empty = (await search(agent, { pageId: 9, pageSize: 4, criteria: text('marina') })).json();
    expect(empty).toMatchObject({ results: [], totalResults: 15 });
  });

  it('caps a text that matches more, and finds a text in the listing id or the address but never across the two', async () => {
    const dense = (await search(mlsStaff, { pageSize: 10, criteria: text('irvine') })).json();
    const cap = REGISTERED_COUNT_CAP;
    expect(dense).toMatchObject({ totalResults: cap, totalPages: cap / 10, message: CAPPED });
    const ids = dense.results.map((r: { id: number }) => r.id);
    expect(ids).toHaveLength(10);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byId = (await search(agent, { criteria: text('aa50000007') })).json();
    expect(byId.results.map((r: { listingId: string }) => r.listingId)).toEqual(['AA50000007']);
    const byAddress = (await search(agent, { criteria: text('7 marina way') })).json();
    expect(byAddress.totalResults).toBe(1);
    const across = (await search(agent, { criteria: text('0007 7 Marina') })).json();
    expect(across).toMatchObject({ results: [], totalResults: 0 });
  });

  it('filters a text search by status, exactly under the text cap, for agents and MLS staff alike', async () => {
    const status = (label: string) => ({ field: 'registeredStatus', op: 'Equal', values: [label] });
    for (const who of [agent, mlsStaff]) {
      const cancelled = (await search(who, { pageSize: 10, criteria: [...text('marina'), status('Cancelled')] })).json();
      expect(cancelled).toMatchObject({ totalResults: 5, message: '' });
      expect(cancelled.results.map((r: { listingId: string }) => r.listingId)).toEqual([
        'AA50000015',
        'AA50000012',
        'AA50000009',
        'AA50000006',
        'AA50000003',
      ]);
      const byId = (await search(who, { pageSize: 10, criteria: [...text('AA500001'), status('Sent to MLS')] })).json();
      expect(byId).toMatchObject({ totalResults: 0, results: [] });
      const hundred = (await search(who, { pageSize: 50, criteria: text('AA500001') })).json();
      expect(hundred).toMatchObject({ totalResults: 100, totalPages: 2, message: '' });
    }
  });

  it('counts the trigrams most listings share, and finds a listing id through its rare ones alone', async () => {
    const census = await takeCensus(ctx.db);
    // Every listing id here starts 'AA5000' and every address ends 'Irvine, CA 92602'.
    for (const t of ['aa5', 'a50', '500', 'irv', 'ine', '926', '602']) expect([...census.common.keys()]).toContain(t);
    expect([...census.common.keys()]).not.toContain('rin');
    expect(census.common.get('irv')).toBeCloseTo(1004 / 1005, 3);
    searchCensus(ctx.db);
    await censusTaken(ctx.db);
    expect(searchCensus(ctx.db)).toEqual(census);
    for (const who of [agent, mlsStaff]) {
      const byId = (await search(who, { criteria: text('AA50000721') })).json();
      expect(byId.results.map((r: { listingId: string }) => r.listingId)).toEqual(['AA50000721']);
      const byAddress = (await search(who, { criteria: text('721 elm st, irvine') })).json();
      expect(byAddress.results.map((r: { listingId: string }) => r.listingId)).toEqual(['AA50000721']);
      const none = (await search(who, { criteria: text('AA50000721 Elm') })).json();
      expect(none).toMatchObject({ results: [], totalResults: 0 });
    }
  });

  it('pages a text matching more than it counts newest first, with the listings a staff member holds outside the reach', async () => {
    const office = { id: agent.officeId, code: agent.officeCode, aorId: agent.aorId };
    const staff = await ctx.factories.buildMember({ type: 'Association Staff', office });
    const coListing = await ctx.factories.buildMember({ type: 'Association Staff', office });
    const elsewhere = await ctx.factories.buildMember({ type: 'Agent' });
    // Newest of all, in another association, with the second staff member as co-list agent.
    const outside = await buildListing(ctx.db, elsewhere, { unparsedAddress: '9 Outside Rd, Irvine, CA 92602', coListAgent: coListing });
    const criteria = [...text('irvine'), { field: 'registeredStatus', op: 'Equal', values: ['Incomplete'] }];
    const cap = REGISTERED_COUNT_CAP;
    const newestInReach = await ctx.db.one<{ id: number }>(
      `SELECT max(id) AS id FROM registered_listings WHERE aor_id = $1 AND standard_status = 'A' AND unparsed_address ILIKE '%irvine%'`,
      [agent.aorId],
    );
    const first = (await search(staff, { pageSize: 10, criteria })).json();
    expect(first).toMatchObject({ totalResults: cap, message: M.countCapped(cap) });
    expect(first.results[0].id).toBe(newestInReach?.id);
    const ids = first.results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const withOwn = (await search(coListing, { pageSize: 10, criteria })).json();
    expect(withOwn).toMatchObject({ totalResults: cap, message: M.countCapped(cap) });
    expect(withOwn.results.map((r: { id: number }) => r.id)).toEqual([outside.id, ...ids.slice(0, 9)]);
  });

  it('estimates from the census how many listings of a status and an association hold a text', async () => {
    const census = await takeCensus(ctx.db);
    const all = { status: null, aorId: null };
    // A table this small is sampled whole.
    const counted = await ctx.db.one<{ holding: number; of: number }>(
      `SELECT count(*) FILTER (WHERE unparsed_address ILIKE '%irvine%')::int AS holding, count(*)::int AS of
       FROM registered_listings WHERE standard_status <> 'Z'`,
    );
    expect(counted?.holding).toBeGreaterThan(1000);
    expect(sampledShare(census, 'IRVINE', all)).toEqual(counted);
    // 'marina way' once per listing even where a line could hold it twice; 5 of the 15 are cancelled.
    expect(sampledShare(census, 'marina', all).holding).toBe(15);
    expect(sampledShare(census, 'marina', { status: 'Cancelled', aorId: agent.aorId })).toEqual({ holding: 5, of: 5 });
    expect(sampledShare(census, 'marina', { status: 'Cancelled', aorId: -1 })).toEqual({ holding: 0, of: 0 });
  });

  it('walks a dense text first: a page of the newest matches when more than the cap match, nothing otherwise', async () => {
    const walk = (t: string, walkRows: number) =>
      runWalkFirst(
        ctx.db,
        registeredSpecOverFewRows,
        querySchema.parse({ pageSize: 10, criteria: text(t) }),
        { where: 'TRUE', params: [] },
        {
          walkRows,
          countCap: REGISTERED_COUNT_CAP,
        },
      );
    const exact = (await search(mlsStaff, { pageSize: 10, criteria: text('irvine') })).json();
    const walked = await walk('irvine', 400);
    expect(walked).toMatchObject({ totalResults: REGISTERED_COUNT_CAP, isCountCapped: true });
    expect(walked?.rows.map((r) => (r as { id: number }).id)).toEqual(exact.results.map((r: { id: number }) => r.id));
    // 15 match 'marina': under the cap the walk does not count them exactly, and a short walk meets too few.
    expect(await walk('marina', 2_000)).toBeNull();
    expect(await walk('irvine', 150)).toBeNull();
  });

  it('takes a status label in any letter case and refuses an unknown one with a field error', async () => {
    const cancelled = (await search(agent, { criteria: [{ field: 'registeredStatus', op: 'Equal', values: ['cancelled'] }] })).json();
    expect(cancelled.totalResults).toBe(5);
    const bad = await search(agent, { criteria: [{ field: 'registeredStatus', op: 'Equal', values: ['Pending'] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'criteria.0.values', message: expect.stringContaining("'Pending' is not one of") }]);
  });
});
