import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { buildListing, giveMlsId, listingPayload } from '../../../test/registered-factories';

describe('registered listings API: list, load, create, update', () => {
  let ctx: TestContext;
  let agent: BuiltMember;
  let coAgent: BuiltMember;
  let broker: BuiltMember;
  let branchManager: BuiltMember;
  let assistant: BuiltMember;
  let otherAgent: BuiltMember;
  let aorStaff: BuiltMember;
  let otherAorStaff: BuiltMember;
  let mlsStaff: BuiltMember;
  const ids: Record<string, number> = {};

  const search = async (who: BuiltMember, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/app/Registration/search/', headers: await ctx.as(who.accountId), payload: body });

  beforeAll(async () => {
    ctx = await createTestContext();
    const f = ctx.factories;
    const aor = await f.buildAssociation();
    const main = await f.buildOffice({ aorId: aor.id, code: 'RM100' });
    const branch = await f.buildOffice({ aorId: aor.id, code: 'RM101', mainOfficeCode: 'RM100' });
    const elsewhere = await f.buildOffice({ aorId: aor.id, code: 'RX100' });
    agent = await f.buildMember({ type: 'Agent', office: branch });
    coAgent = await f.buildMember({ type: 'Agent', office: elsewhere });
    broker = await f.buildMember({ type: 'Broker', office: main });
    branchManager = await f.buildMember({ type: 'Office Manager', office: branch });
    assistant = await f.buildMember({ type: 'Personal Assistant', office: branch });
    otherAgent = await f.buildMember({ type: 'Agent', office: elsewhere });
    aorStaff = await f.buildMember({ type: 'Association Staff', office: main });
    otherAorStaff = await f.buildMember({ type: 'Association Staff' });
    mlsStaff = await f.buildMember({ type: 'MLS Staff' });
    ids.a = (await buildListing(ctx.db, agent, { unparsedAddress: '1 Ocean Blvd, Huntington Beach, CA 92648', listPrice: 300_000 })).id;
    ids.b = (await buildListing(ctx.db, agent, { standardStatus: 'C', cancellationDate: '2026-01-02', listPrice: 900_000 })).id;
    ids.c = (
      await buildListing(ctx.db, agent, { standardStatus: 'S', promotedMlsId: '99999999', promotedDate: '2026-01-03', listPrice: 100_000 })
    ).id;
    ids.d = (await buildListing(ctx.db, agent, { standardStatus: 'K', cancellationDate: '2026-01-04', listPrice: 200_000 })).id;
    ids.co = (await buildListing(ctx.db, otherAgent, { coListAgent: coAgent, unparsedAddress: '77 Harbor Way, Irvine, CA 92602' })).id;
    ids.z = (await buildListing(ctx.db, agent, { standardStatus: 'Z' })).id;
  });
  afterAll(() => ctx.close());

  it('lists what each member may see, never Z, with totals', async () => {
    const visible = async (who: BuiltMember) =>
      ((await search(who, { pageSize: 50 })).json().results as Array<{ id: number }>).map((r) => r.id).sort();
    const own = [ids.a, ids.b, ids.c, ids.d].sort();
    expect(await visible(agent)).toEqual(own);
    expect(await visible(branchManager)).toEqual(own);
    expect(await visible(broker)).toEqual(own);
    expect(await visible(coAgent)).toEqual([ids.co]);
    expect(await visible(otherAgent)).toEqual([ids.co]);
    expect(await visible(aorStaff)).toEqual([...own, ids.co].sort());
    expect(await visible(mlsStaff)).toEqual(expect.arrayContaining([...own, ids.co]));
    expect(await visible(mlsStaff)).not.toContain(ids.z);
    expect(await visible(assistant)).toEqual([]);
    expect(await visible(otherAorStaff)).toEqual([]);
  });

  it('filters by status and by text over listing id or address, pages and sorts', async () => {
    const res = await search(agent, {
      pageId: 1,
      pageSize: 10,
      criteria: [
        { field: 'standardStatus', op: 'notEqual', values: ['Z'] },
        { field: 'registeredStatus', op: 'Equal', values: ['Cancelled'] },
      ],
      orderBy: [{ field: 'registeredStatus', direction: 'ASC' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccessful: true, totalResults: 1, totalPages: 1 });
    expect(res.json().results[0]).toMatchObject({ id: ids.b, registeredStatus: 'Cancelled', statusDate: '2026-01-02', isReadOnly: true });
    const text = await search(agent, {
      criteria: [
        { field: 'listingId', op: 'Contains', values: ['ocean'] },
        { field: 'propertyAddress', op: 'Contains', values: ['ocean'] },
      ],
    });
    expect(text.json().results.map((r: { id: number }) => r.id)).toEqual([ids.a]);
    const page2 = await search(agent, { pageId: 2, pageSize: 3, orderBy: [{ field: 'listPrice', direction: 'desc' }] });
    expect(page2.json()).toMatchObject({ totalResults: 4, totalPages: 2 });
    expect(page2.json().results.map((r: { id: number }) => r.id)).toEqual([ids.c]);
    const sorted = await search(agent, { orderBy: [{ field: 'registeredStatus', direction: 'asc' }] });
    expect(sorted.json().results.map((r: { registeredStatus: string }) => r.registeredStatus)).toEqual([
      'Cancelled',
      'Expired',
      'Incomplete',
      'Sent to MLS',
    ]);
  });

  it('refuses unknown criteria fields and sorts with 400 and field errors', async () => {
    const bad = await search(agent, { criteria: [{ field: 'office_id', op: 'Equal', values: [1] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('criteria.0.field');
    const badSort = await search(agent, { orderBy: [{ field: 'nope' }] });
    expect(badSort.statusCode).toBe(400);
  });

  it('answers the bulk query with up to 10000 whole records, the list page with its columns', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration/q',
      headers: await ctx.as(agent.accountId),
      payload: { pageSize: 10000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalResults).toBe(4);
    // Whole records here; the list page's rows carry its columns only (decision 0205, "Lean list rows").
    const ocean = res.json().results.find((r: { id: number }) => r.id === ids.a);
    expect(ocean).toMatchObject({
      city: expect.any(String),
      listAgentName: expect.any(String),
      officeCode: 'RM101',
      createdOn: expect.any(String),
    });
    const [row] = (await search(agent, { criteria: [{ field: 'propertyAddress', op: 'Contains', values: ['ocean'] }] })).json().results;
    expect(Object.keys(row).sort()).toEqual(
      ['id', 'listingId', 'standardStatus', 'registeredStatus', 'statusDate', 'promotedMlsId', 'propertyAddress', 'propertyType']
        .concat(['listPrice', 'startShowingDate', 'noMarketing', 'version', 'exemptionKind', 'disclosureMissing', 'isReadOnly', 'can'])
        .concat(['clearCooperation'])
        .sort(),
    );
    expect(row).toMatchObject({
      id: ids.a,
      propertyAddress: ocean.propertyAddress,
      listPrice: 300_000,
      version: ocean.version,
      can: ocean.can,
    });
    const tooMany = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration/q',
      headers: await ctx.as(agent.accountId),
      payload: { pageSize: 10001 },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('loads a visible listing and answers 404 to everyone else, for every call', async () => {
    const ok = await ctx.app.inject({ url: `/api/app/Registration/${ids.a}`, headers: await ctx.as(broker.accountId) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results[0]).toMatchObject({
      id: ids.a,
      registeredStatus: 'Incomplete',
      isReadOnly: false,
      can: { edit: true, sendToMls: true },
    });
    for (const who of [assistant, otherAgent, otherAorStaff]) {
      const headers = await ctx.as(who.accountId);
      const calls = [
        ctx.app.inject({ url: `/api/app/Registration/${ids.a}`, headers }),
        ctx.app.inject({ method: 'PUT', url: `/api/app/Registration/${ids.a}`, headers, payload: { ...listingPayload('X'), version: 1 } }),
        ctx.app.inject({ method: 'PUT', url: `/api/app/Registration/status/${ids.a}`, headers, payload: { standardStatus: 'Z' } }),
        ctx.app.inject({ method: 'POST', url: `/api/app/Registration/promote/${ids.a}`, headers }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    }
    const deleted = await ctx.app.inject({ url: `/api/app/Registration/${ids.z}`, headers: await ctx.as(mlsStaff.accountId) });
    expect(deleted.statusCode).toBe(404);
  });

  it('creates a listing with status A and an AA listing id, and the creator sees it', async () => {
    const code = await giveMlsId(ctx.db, agent);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration',
      headers: await ctx.as(agent.accountId),
      payload: listingPayload(code),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().results[0];
    expect(created).toMatchObject({
      standardStatus: 'A',
      registeredStatus: 'Incomplete',
      listAgentMlsId: code,
      version: 1,
      isReadOnly: false,
    });
    expect(created.listingId).toMatch(/^AA\d+$/);
    expect(created.propertyAddress).toMatch(/^\d+ Test Ave, Huntington Beach, CA 92648$/);
    const loaded = await ctx.app.inject({ url: `/api/app/Registration/${created.id}`, headers: await ctx.as(branchManager.accountId) });
    expect(loaded.statusCode).toBe(200);
  });

  it('refuses invalid input with the submit message, every field error, and writes nothing', async () => {
    const code = await giveMlsId(ctx.db, agent);
    const before = (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM registered_listings'))!.n;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration',
      headers: await ctx.as(agent.accountId),
      payload: listingPayload(code, { listPrice: 0, streetName: '', startShowingDate: null, propertyType: 'Castle' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('There are problems with your form submission. Please check the values provided and re-submit.');
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'listPrice', message: 'Minimum List Price is $1' },
        { field: 'streetName', message: 'Street Name is required' },
        { field: 'startShowingDate', message: 'Start Marketing Date (or No Start Marketing checkbox) required.' },
        { field: 'propertyType', message: 'Invalid property type' },
      ]),
    );
    const unknownAgent = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration',
      headers: await ctx.as(agent.accountId),
      payload: listingPayload('NOBODY'),
    });
    expect(unknownAgent.statusCode).toBe(400);
    expect(unknownAgent.json().errors[0].field).toBe('listAgentMlsId');
    const otherCode = await giveMlsId(ctx.db, otherAgent);
    const outOfReach = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration',
      headers: await ctx.as(agent.accountId),
      payload: listingPayload(otherCode),
    });
    expect(outOfReach.statusCode).toBe(400);
    const byAssistant = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Registration',
      headers: await ctx.as(assistant.accountId),
      payload: listingPayload(code),
    });
    expect(byAssistant.statusCode).toBe(403);
    expect((await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM registered_listings'))!.n).toBe(before);
  });

  it('updates with the loaded version; a second save of the same version gets 409 and changes nothing', async () => {
    const code = await giveMlsId(ctx.db, agent);
    const created = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/app/Registration',
        headers: await ctx.as(agent.accountId),
        payload: listingPayload(code),
      })
    ).json().results[0];
    const first = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Registration/${created.id}`,
      headers: await ctx.as(broker.accountId),
      payload: { ...listingPayload(code, { listPrice: 812_000 }), version: created.version },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().results[0]).toMatchObject({ listPrice: 812_000, version: 2, modifiedBy: expect.any(String) });
    const second = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Registration/${created.id}`,
      headers: await ctx.as(agent.accountId),
      payload: { ...listingPayload(code, { listPrice: 999_000 }), version: created.version },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'REGISTERED_STALE',
      message: expect.stringContaining('Someone else saved this listing'),
    });
    const now = await ctx.app.inject({ url: `/api/app/Registration/${created.id}`, headers: await ctx.as(agent.accountId) });
    expect(now.json().results[0].listPrice).toBe(812_000);
  });

  it('refuses edits of a read-only listing and a property type change where the select is locked', async () => {
    const code = await giveMlsId(ctx.db, agent);
    const cancelled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Registration/${ids.b}`,
      headers: await ctx.as(agent.accountId),
      payload: { ...listingPayload(code), version: 1 },
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'CONFLICT', reason: 'REGISTERED_READ_ONLY' });
    const legacy = await buildListing(ctx.db, agent, { listingId: 'OC5550001', propertyType: 'Resi' });
    const locked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Registration/${legacy.id}`,
      headers: await ctx.as(agent.accountId),
      payload: { ...listingPayload(code, { propertyType: 'Land' }), version: 1 },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().errors).toEqual([{ field: 'propertyType', message: 'Invalid property type' }]);
  });
});
