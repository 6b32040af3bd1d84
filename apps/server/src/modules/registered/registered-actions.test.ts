import { addDays, DEFAULT_MLS_TIME_ZONE, formatDateUs, todayIso } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { buildListing } from '../../../test/registered-factories';

describe('registered listings API: send to MLS, cancel, expire, delete', () => {
  let ctx: TestContext;
  let agent: BuiltMember;
  let coAgent: BuiltMember;
  let broker: BuiltMember;
  let swlarAgent: BuiltMember;

  const promote = async (who: BuiltMember, id: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/app/Registration/promote/${id}`, headers: await ctx.as(who.accountId) });
  const status = async (who: BuiltMember, id: number, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/app/Registration/status/${id}`, headers: await ctx.as(who.accountId), payload });
  const mlsRows = async (registeredId: number) =>
    ctx.db.query<{ mls_listing_id: string; standard_status: string }>(
      'SELECT mls_listing_id, standard_status FROM mls_listings WHERE registered_listing_id = $1',
      [registeredId],
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    const office = await ctx.factories.buildOffice();
    agent = await ctx.factories.buildMember({ type: 'Agent', office });
    coAgent = await ctx.factories.buildMember({ type: 'Agent', office: await ctx.factories.buildOffice() });
    broker = await ctx.factories.buildMember({ type: 'Broker', office });
    swlarAgent = await ctx.factories.buildMember({ type: 'Agent', office, system: 'SWLAR' });
  });
  afterAll(() => ctx.close());

  it('sends a listing to the MLS: an Incomplete MLS listing with a new id, promotedDate and promotedMlsId, once', async () => {
    const { id } = await buildListing(ctx.db, agent);
    const res = await promote(agent, id);
    expect(res.statusCode).toBe(200);
    const result = res.json().results[0];
    expect(result).toMatchObject({ id, promotedDate: todayIso(DEFAULT_MLS_TIME_ZONE) });
    expect(res.json().message).toContain(result.promotedMlsId);
    expect(await mlsRows(id)).toEqual([{ mls_listing_id: result.promotedMlsId, standard_status: 'Incomplete' }]);
    const loaded = (await ctx.app.inject({ url: `/api/app/Registration/${id}`, headers: await ctx.as(agent.accountId) })).json().results[0];
    expect(loaded).toMatchObject({
      registeredStatus: 'Sent to MLS',
      promotedMlsId: result.promotedMlsId,
      isReadOnly: true,
      can: { sendToMls: false, cancel: false, edit: false },
    });
    const again = await promote(agent, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'REGISTERED_ALREADY_SENT' });
    expect(await mlsRows(id)).toHaveLength(1);
    const next = await buildListing(ctx.db, agent);
    const second = (await promote(broker, next.id)).json().results[0];
    expect(Number(second.promotedMlsId)).toBeGreaterThan(Number(result.promotedMlsId));
  });

  it('skips an MLS listing number that is already taken', async () => {
    const taken = (await ctx.db.one<{ n: number }>('SELECT last_value + 1 AS n FROM mls_listing_number_seq'))!.n;
    await ctx.db.query(
      `INSERT INTO mls_listings (mls_listing_id, standard_status, property_type, list_price, listing_contract_date) VALUES ($1, 'Active', 'Resi', 1, '2026-01-01')`,
      [String(taken)],
    );
    const { id } = await buildListing(ctx.db, agent);
    const res = await promote(agent, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].promotedMlsId).not.toBe(String(taken));
  });

  it('is atomic: when the registered listing cannot be updated, no MLS listing remains', async () => {
    const { id } = await buildListing(ctx.db, agent);
    await ctx.db.query(`CREATE FUNCTION refuse_promotion() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await ctx.db.query(
      `CREATE TRIGGER refuse_promotion BEFORE UPDATE OF promoted_mls_id ON registered_listings FOR EACH ROW EXECUTE FUNCTION refuse_promotion()`,
    );
    try {
      const res = await promote(agent, id);
      expect(res.statusCode).toBe(500);
      expect(await mlsRows(id)).toEqual([]);
      const row = await ctx.db.one<{ promoted_mls_id: string | null }>('SELECT promoted_mls_id FROM registered_listings WHERE id = $1', [
        id,
      ]);
      expect(row!.promoted_mls_id).toBeNull();
    } finally {
      await ctx.db.query('DROP TRIGGER refuse_promotion ON registered_listings');
      await ctx.db.query('DROP FUNCTION refuse_promotion()');
    }
  });

  it('offers Send to MLS only to CRM, CN, CRP and CRF members, and never for read-only listings', async () => {
    const { id } = await buildListing(ctx.db, swlarAgent);
    const refused = await promote(swlarAgent, id);
    expect(refused.statusCode).toBe(403);
    const loaded = (await ctx.app.inject({ url: `/api/app/Registration/${id}`, headers: await ctx.as(swlarAgent.accountId) })).json()
      .results[0];
    expect(loaded.can.sendToMls).toBe(false);
    expect(await mlsRows(id)).toEqual([]);
    const old = await buildListing(ctx.db, agent, { expirationDate: addDays(todayIso(DEFAULT_MLS_TIME_ZONE), -8) });
    expect((await promote(agent, old.id)).statusCode).toBe(409);
    const edge = await buildListing(ctx.db, agent, { expirationDate: addDays(todayIso(DEFAULT_MLS_TIME_ZONE), -7) });
    expect((await promote(agent, edge.id)).statusCode).toBe(200);
  });

  it('cancels with a date not later than today, then refuses edits and actions', async () => {
    const { id } = await buildListing(ctx.db, agent);
    const missing = await status(agent, id, { standardStatus: 'C' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'cancellationDate', message: 'Cancellation date is required.' }]);
    const future = await status(agent, id, { standardStatus: 'C', cancellationDate: addDays(todayIso(DEFAULT_MLS_TIME_ZONE), 1) });
    expect(future.json().errors).toEqual([
      { field: 'cancellationDate', message: `Cancellation must be prior to ${formatDateUs(todayIso(DEFAULT_MLS_TIME_ZONE))}` },
    ]);
    const ok = await status(agent, id, { standardStatus: 'C', cancellationDate: todayIso(DEFAULT_MLS_TIME_ZONE) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results[0]).toMatchObject({
      registeredStatus: 'Cancelled',
      cancellationDate: todayIso(DEFAULT_MLS_TIME_ZONE),
      isReadOnly: true,
    });
    // Read-only now: both refusals say why in the same stable word (decision 1056), whatever their message.
    const expire = await status(agent, id, { standardStatus: 'K' });
    expect(expire.statusCode).toBe(409);
    expect(expire.json()).toMatchObject({ code: 'CONFLICT', reason: 'REGISTERED_READ_ONLY' });
    const send = await promote(agent, id);
    expect(send.statusCode).toBe(409);
    expect(send.json()).toMatchObject({ code: 'CONFLICT', reason: 'REGISTERED_READ_ONLY' });
  });

  it('tells a stale version (REGISTERED_STALE) from a read-only listing in the refusal, not in its words', async () => {
    const { id } = await buildListing(ctx.db, agent);
    const today = todayIso(DEFAULT_MLS_TIME_ZONE);
    await ctx.db.query('UPDATE registered_listings SET version = version + 1 WHERE id = $1', [id]);
    const stale = await status(agent, id, { standardStatus: 'C', cancellationDate: today, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', reason: 'REGISTERED_STALE' });
    // A refusal with no reason of its own carries none: the screens read its code, field errors and message.
    const missing = await status(agent, id, { standardStatus: 'C', version: 2 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).not.toHaveProperty('reason');
    const ok = await status(agent, id, { standardStatus: 'C', cancellationDate: today, version: 2 });
    expect(ok.statusCode).toBe(200);
  });

  it('expires with K and a cancellation date', async () => {
    const { id } = await buildListing(ctx.db, agent);
    const res = await status(broker, id, { standardStatus: 'K' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({
      standardStatus: 'K',
      registeredStatus: 'Expired',
      cancellationDate: todayIso(DEFAULT_MLS_TIME_ZONE),
    });
  });

  it('deletes (Z) for the list agent and the broker, not for the co-list agent, and never a listing sent to the MLS', async () => {
    const a = await buildListing(ctx.db, agent, { coListAgent: coAgent });
    const byCo = await status(coAgent, a.id, { standardStatus: 'Z' });
    expect(byCo.statusCode).toBe(403);
    expect((await status(agent, a.id, { standardStatus: 'Z' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/app/Registration/${a.id}`, headers: await ctx.as(agent.accountId) })).statusCode).toBe(404);
    const b = await buildListing(ctx.db, agent);
    expect((await status(broker, b.id, { standardStatus: 'Z' })).statusCode).toBe(200);
    const sent = await buildListing(ctx.db, agent, {
      standardStatus: 'S',
      promotedMlsId: '123',
      promotedDate: todayIso(DEFAULT_MLS_TIME_ZONE),
    });
    expect((await status(broker, sent.id, { standardStatus: 'Z' })).statusCode).toBe(403);
    const bad = await status(agent, sent.id, { standardStatus: 'Q' });
    expect(bad.statusCode).toBe(400);
  });
});
