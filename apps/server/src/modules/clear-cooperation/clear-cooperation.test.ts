import { addDays, addressKey, instantOfWallClock, CLEAR_COOP_MESSAGES as M, todayIn } from '@portico/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { buildListing, giveMlsId, listingPayload } from '../../../test/registered-factories';
import { keyFeedAddresses } from './address-keys';
import { runClearCoopWatch } from './watch';

/** Issue 29 sections 3 and 4 (decision 1080): the watch, its alerts and cases, and the Clear Cooperation screen. */
describe('Clear Cooperation', () => {
  let ctx: TestContext;
  let agent: BuiltMember;
  let broker: BuiltMember;
  let otherBroker: BuiltMember;
  let aorStaff: BuiltMember;
  let otherAorStaff: BuiltMember;
  let mlsStaff: BuiltMember;
  const LA = 'America/Los_Angeles';
  const at = (wall: string) => instantOfWallClock(wall, LA);
  const watch = (now: Date) => runClearCoopWatch(ctx.db, ctx.app.mailer, LA, now);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: LA } });
    const f = ctx.factories;
    const aor = await f.buildAssociation();
    const otherAor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id, code: 'CC100' });
    const elsewhere = await f.buildOffice({ aorId: aor.id, code: 'CC200' });
    const farAway = await f.buildOffice({ aorId: otherAor.id, code: 'CC300' });
    agent = await f.buildMember({ type: 'Agent', office });
    broker = await f.buildMember({ type: 'Broker', office });
    otherBroker = await f.buildMember({ type: 'Broker', office: elsewhere });
    aorStaff = await f.buildMember({ type: 'Association Staff', office: elsewhere });
    otherAorStaff = await f.buildMember({ type: 'Association Staff', office: farAway });
    mlsStaff = await f.buildMember({ type: 'MLS Staff' });
    await giveMlsId(ctx.db, agent);
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    // Each test's listings start alone: earlier ones are sent to the MLS, out of the watch.
    await ctx.db.query("UPDATE registered_listings SET standard_status = 'S'");
  });

  /** A registered listing of the agent with the given dates and address. */
  async function listing(o: { start: string | null; contract?: string; address?: string; postal?: string }) {
    const l = await buildListing(ctx.db, agent);
    await ctx.db.query(
      `UPDATE registered_listings SET start_showing_date = $2, listing_contract_date = $3, unparsed_address = $4, postal_code = $5
       WHERE id = $1`,
      [l.id, o.start, o.contract ?? '2026-11-02', o.address ?? `${l.id} Quiet Lane, Huntington Beach, CA 92648`, o.postal ?? '92648'],
    );
    return l;
  }
  /** A feed row as the feed writes it, its address keyed; `unkeyed`: as written before migration 1080 (or by the seeds). */
  async function feed(o: {
    key: string;
    listingId?: string;
    address: string;
    postal: string;
    status?: string;
    contract?: string;
    unkeyed?: boolean;
  }) {
    await ctx.db.query(
      `INSERT INTO mls_listings (mls_listing_id, listing_key, standard_status, property_type, list_price, listing_contract_date,
         unparsed_address, postal_code, address_key) VALUES ($1, $2, $3, 'Residential', 500000, $4, $5, $6, $7)`,
      [
        o.listingId ?? `F${o.key}`,
        o.key,
        o.status ?? 'Active',
        o.contract ?? '2026-11-02',
        o.address,
        o.postal,
        o.unkeyed ? null : (addressKey(o.address, o.postal) ?? ''),
      ],
    );
  }
  const row = (id: number) =>
    ctx.db.one<Record<string, unknown>>(
      `SELECT mls_listing_key, mls_seen_on, marketed_early_on, mls_deadline_on::text, mls_alerted_on, mls_case_id
       FROM registered_listings WHERE id = $1`,
      [id],
    );
  const mailsAbout = async (listingId: string) =>
    (
      await ctx.db.query<{ to_address: string }>('SELECT to_address FROM outbox_emails WHERE subject = $1', [M.alertSubject(listingId)])
    ).map((m) => m.to_address);
  const casesOf = (listingId: string) =>
    ctx.db.query<{ id: number; aor_id: number; fields: Record<string, string> }>(
      `SELECT id, aor_id, fields FROM work_items WHERE work_item_definition_id = 1080 AND fields->>'ListingId' = $1`,
      [listingId],
    );
  const get = async (m: BuiltMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: await ctx.as(m.accountId) });

  it('matches by address written differently, and by listing ID; an old listing of the address is another agreement', async () => {
    const unit = await listing({ start: '2026-11-10', address: '123 Main Street, Unit 4, San Diego, CA 92101', postal: '92101' });
    const byId = await listing({ start: '2026-11-10' });
    const old = await listing({ start: '2026-11-10', address: '77 Ocean Avenue, San Diego, CA 92101', postal: '92101' });
    await feed({ key: 'CC-KEY-1', address: '123 MAIN ST # 04', postal: '92101-1234' });
    await feed({ key: 'CC-KEY-2', listingId: byId.listingId, address: 'Somewhere else 9', postal: '90000' });
    await feed({ key: 'CC-KEY-3', address: '77 Ocean Ave', postal: '92101', status: 'Closed', contract: '2024-03-01' });
    const now = at('2026-11-10T09:00');
    const outcome = await watch(now);
    expect(outcome.matched).toBe(2);
    expect(await row(unit.id)).toMatchObject({ mls_listing_key: 'CC-KEY-1', mls_seen_on: now });
    expect((await row(byId.id))?.mls_listing_key).toBe('CC-KEY-2');
    expect((await row(old.id))?.mls_listing_key).toBeNull();
    // The agent's list says so in plain words.
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration/search/',
      headers: await ctx.as(agent.accountId),
      payload: { pageId: 1, pageSize: 50, criteria: [{ field: 'listingId', op: 'Equal', values: [unit.listingId] }] },
    });
    expect(page.json().results[0].clearCooperation).toMatchObject({ state: 'in-mls', label: 'In the MLS' });
  });

  it('the backfill keys every feed row written before the key, over several batches, once; a stopped run resumes', async () => {
    await ctx.db.query(
      `INSERT INTO mls_listings (mls_listing_id, listing_key, standard_status, property_type, list_price, listing_contract_date,
         unparsed_address, postal_code)
       SELECT 'CCK' || i, 'CCKK' || i, 'Closed', 'Residential', 500000, DATE '2020-01-01', i || ' Batch Street', '90001'
         FROM generate_series(1, 12005) AS i`,
    );
    const unkeyed = async () =>
      (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM mls_listings WHERE address_key IS NULL'))?.n;
    // A run stopped after its first batch (a restart) kept that batch; the next run keys the rest, in batches, once.
    let batches = 0;
    const stopped = new Proxy(ctx.db, {
      get(target, prop) {
        if (prop === 'tx')
          return (work: Parameters<typeof target.tx>[0]) => {
            batches += 1;
            return batches > 1 ? Promise.reject(new Error('instance stopped')) : target.tx(work);
          };
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(keyFeedAddresses(stopped, 5_000)).rejects.toThrow('instance stopped');
    expect(await unkeyed()).toBeGreaterThanOrEqual(7_005);
    expect(await unkeyed()).toBeLessThanOrEqual(12_005 - 5_000);
    expect(await keyFeedAddresses(ctx.db, 5_000)).toBeGreaterThanOrEqual(7_005);
    expect(await unkeyed()).toBe(0);
    expect(await ctx.db.one(`SELECT address_key FROM mls_listings WHERE listing_key = 'CCKK12005'`)).toEqual({
      address_key: addressKey('12005 Batch Street', '90001'),
    });
    expect(await keyFeedAddresses(ctx.db)).toBe(0);
  });

  it('while the backfill is unfinished the watch matches what it can and holds the alerts, then alerts nothing wrongly', async () => {
    const atOldAddress = await listing({ start: '2026-11-02', address: '5 Backfill Road, Irvine, CA 92602', postal: '92602' });
    const byId = await listing({ start: '2026-11-02' });
    const missing = await listing({ start: '2026-11-02' });
    await feed({ key: 'CC-OLD-1', address: '5 Backfill Rd', postal: '92602', unkeyed: true });
    await feed({ key: 'CC-OLD-2', listingId: byId.listingId, address: '1 Elsewhere Way', postal: '90000', unkeyed: true });
    const now = at('2026-11-10T09:00');
    expect(await watch(now)).toMatchObject({ examined: 3, matched: 1, held: 2, alerted: 0, casesOpened: 0 });
    expect((await row(byId.id))?.mls_listing_key).toBe('CC-OLD-2');
    expect(await row(atOldAddress.id)).toMatchObject({ mls_listing_key: null, mls_alerted_on: null });
    expect(await mailsAbout(atOldAddress.listingId)).toEqual([]);
    expect(await mailsAbout(missing.listingId)).toEqual([]);
    // Keyed, the old row is found at its address, and only the listing found nowhere is alerted.
    expect(await keyFeedAddresses(ctx.db)).toBe(2);
    expect(await watch(now)).toMatchObject({ matched: 1, held: 0, alerted: 1 });
    expect((await row(atOldAddress.id))?.mls_listing_key).toBe('CC-OLD-1');
    expect((await row(missing.id))?.mls_alerted_on).not.toBeNull();
  });

  it('a listing Active in the feed before its start marketing date is flagged to staff as marketed early', async () => {
    const early = await listing({ start: '2026-12-10', address: '9 Harbor Blvd, Dana Point, CA 92629', postal: '92629' });
    await feed({ key: 'CC-KEY-4', address: '9 Harbor Boulevard', postal: '92629' });
    expect((await watch(at('2026-11-20T09:00'))).marketedEarly).toBe(1);
    expect((await row(early.id))?.marketed_early_on).not.toBeNull();
    const screen = await get(aorStaff, `/api/app/ClearCooperation?flag=marketed-early&search=${early.listingId}`);
    expect(screen.json().results[0].rows).toEqual([
      expect.objectContaining({ listingId: early.listingId, marketedEarly: true, state: 'in-mls' }),
    ]);
    // Not to the member: no alert, no notification.
    expect(await mailsAbout(early.listingId)).toEqual([]);
  });

  it('a holiday moves the deadline: Wednesday before Thanksgiving + 1 business day is the Friday', async () => {
    const l = await listing({ start: '2026-11-25' });
    await watch(at('2026-11-27T20:00'));
    expect(await row(l.id)).toMatchObject({ mls_deadline_on: '2026-11-27', mls_alerted_on: null });
    expect(await mailsAbout(l.listingId)).toEqual([]);
    await watch(at('2026-11-28T00:00'));
    expect((await row(l.id))?.mls_alerted_on).not.toBeNull();
  });

  it('alerts the agent and the broker once, then opens one case a business day later, with the facts', async () => {
    const l = await listing({ start: '2026-11-16' });
    // Deadline: end of Tuesday 17 November. Alerted Wednesday at 10:00.
    expect((await watch(at('2026-11-18T10:00'))).alerted).toBe(1);
    expect((await mailsAbout(l.listingId)).sort()).toEqual([`${agent.loginId}@example.test`, `${broker.loginId}@example.test`].sort());
    const notes = await ctx.db.query<{ member_id: number; body: string }>('SELECT member_id, body FROM notifications WHERE subject = $1', [
      M.alertSubject(l.listingId),
    ]);
    expect(notes.map((n) => n.member_id).sort()).toEqual([agent.memberId, broker.memberId].sort());
    expect(notes[0].body).toContain('11-17-2026');
    // Again, and on Thursday before its end: no second alert, no case yet.
    await watch(at('2026-11-18T11:00'));
    await watch(at('2026-11-19T23:59'));
    expect(await mailsAbout(l.listingId)).toHaveLength(2);
    expect(await casesOf(l.listingId)).toEqual([]);
    // Friday: the case opens, once, for the listing's association, with the facts.
    expect((await watch(at('2026-11-20T00:01'))).casesOpened).toBe(1);
    await watch(at('2026-11-20T09:00'));
    const cases = await casesOf(l.listingId);
    expect(cases).toHaveLength(1);
    expect(cases[0].aor_id).toBe(aorStaff.aorId);
    expect(cases[0].fields).toMatchObject({ Deadline: '11-17-2026', StartMarketingDate: '11-16-2026' });
    expect(cases[0].fields.MatchesTried).toContain(l.listingId);
    expect((await row(l.id))?.mls_case_id).toBe(cases[0].id);
  });

  it('two watch runs at once alert once and open one case', async () => {
    const l = await listing({ start: '2026-11-16' });
    await Promise.all([watch(at('2026-11-18T10:00')), watch(at('2026-11-18T10:00'))]);
    expect(await mailsAbout(l.listingId)).toHaveLength(2);
    const runs = await Promise.all([watch(at('2026-11-20T10:00')), watch(at('2026-11-20T10:00'))]);
    expect(runs.map((r) => r.casesOpened).sort()).toEqual([0, 1]);
    expect(await casesOf(l.listingId)).toHaveLength(1);
  });

  it('the screen: association staff their association, brokers their offices, agents refused; CSV and filters', async () => {
    const l = await listing({ start: '2026-11-16' });
    await watch(at('2026-11-18T10:00'));
    const url = `/api/app/ClearCooperation?search=${l.listingId}`;
    for (const m of [aorStaff, mlsStaff, broker]) {
      const res = await get(m, url);
      expect(res.statusCode).toBe(200);
      expect(res.json().results[0].rows).toEqual([
        expect.objectContaining({ listingId: l.listingId, state: 'alerted', deadlineOn: '2026-11-17' }),
      ]);
    }
    for (const m of [otherAorStaff, otherBroker]) expect((await get(m, url)).json().results[0].rows).toEqual([]);
    expect((await get(agent, url)).statusCode).toBe(403);
    expect((await get(aorStaff, `${url}&state=on-time`)).json().results[0].rows).toEqual([]);
    const byAgent = await get(aorStaff, `/api/app/ClearCooperation?agent=${agent.loginId.toUpperCase()}&state=alerted`);
    expect(byAgent.json().results[0].rows.map((r: { listingId: string }) => r.listingId)).toContain(l.listingId);
    expect((await get(aorStaff, `/api/app/ClearCooperation?office=CC300`)).json().results[0].rows).toEqual([]);
    const csv = await get(aorStaff, `/api/app/ClearCooperation/Csv?search=${l.listingId}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(`${l.listingId},`);
    for (const [query, field] of [
      ['state=late', 'state'],
      ['flag=late', 'flag'],
      ['from=2026-12-01&to=2026-11-01', 'from'],
      ['to=yesterday', 'to'],
    ]) {
      const bad = await get(aorStaff, `/api/app/ClearCooperation?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
  });

  it('the demo’s trigger runs the watch as at a moment, for MLS staff only', async () => {
    const l = await listing({ start: '2026-11-16' });
    const run = async (m: BuiltMember) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/ClearCooperation/Watch',
        headers: await ctx.as(m.accountId),
        payload: { at: at('2026-11-18T10:00').toISOString() },
      });
    expect((await run(aorStaff)).statusCode).toBe(403);
    expect((await run(agent)).statusCode).toBe(403);
    const res = await run(mlsStaff);
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].alerted).toBe(1);
    expect(await mailsAbout(l.listingId)).toHaveLength(2);
  });

  it('the dashboard card: the agent’s own listing due within two business days, counted at registration', async () => {
    const today = todayIn(LA);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration',
      headers: await ctx.as(agent.accountId),
      payload: listingPayload(agent.loginId.toUpperCase(), { startShowingDate: today, listingContractDate: addDays(today, -1) }),
    });
    expect(res.statusCode).toBe(201);
    const listingId = res.json().results[0].listingId;
    expect(res.json().results[0].clearCooperation.deadlineOn).not.toBeNull();
    const due = (await get(agent, '/api/app/ClearCooperation/Due')).json().results[0];
    expect(due.listings.map((d: { listingId: string }) => d.listingId)).toContain(listingId);
    expect((await get(broker, '/api/app/ClearCooperation/Due')).json().results[0].count).toBe(0);
  });
});
