import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { buildLookupValue, buildPropertyRecord, giveMlsId } from '../../../test/registered-factories';

describe('registered listing wizard calls: lookups, agent type-ahead, property report, address search', () => {
  let ctx: TestContext;
  let member: BuiltMember;
  const get = async (url: string, who = member) => ctx.app.inject({ url, headers: await ctx.as(who.accountId) });

  beforeAll(async () => {
    ctx = await createTestContext();
    member = await ctx.factories.buildMember();
    await buildLookupValue(ctx.db, 8, 'Huntington Beach');
    await buildLookupValue(ctx.db, 8, 'Huntington Park');
    await buildLookupValue(ctx.db, 8, 'West Huntington', 'LA');
    await buildLookupValue(ctx.db, 3, 'Orange');
    await buildPropertyRecord(ctx.db, { streetNumber: '16500', streetName: 'Ocean', streetSuffix: 'Blvd', propertyType: 'Resi' });
    for (const unit of ['1', '2'])
      await buildPropertyRecord(ctx.db, { streetNumber: '200', streetName: 'Main', streetSuffix: 'St', unitNumber: unit });
  });
  afterAll(() => ctx.close());

  it('finds city values exactly and by search, starting matches first', async () => {
    const exact = await get('/cribdata/LookupValues/8/exact/huntington%20beach');
    expect(exact.json().results).toEqual([
      { lookupType: 8, value: 'Huntington Beach', longValue: 'Huntington Beach, CA', stateOrProvince: 'CA' },
    ]);
    const byLong = await get('/cribdata/LookupValues/8/exact/Huntington%20Beach,%20CA?useLongValue=true');
    expect(byLong.json().results).toHaveLength(1);
    const search = await get('/cribdata/LookupValues/8/search/hunt');
    expect(search.json().results.map((r: { value: string }) => r.value)).toEqual([
      'Huntington Beach',
      'Huntington Park',
      'West Huntington',
    ]);
    expect((await get('/cribdata/LookupValues/3/search/ora')).json().results[0].value).toBe('Orange');
    expect((await get('/cribdata/LookupValues/abc/search/ora')).statusCode).toBe(400);
  });

  it('suggests listing agents by MLS id prefix or name, never assistants', async () => {
    const office = await ctx.factories.buildOffice();
    const agent = await ctx.factories.buildMember({ type: 'Agent', office });
    const assistant = await ctx.factories.buildMember({ type: 'Personal Assistant', office });
    const code = await giveMlsId(ctx.db, agent);
    await giveMlsId(ctx.db, assistant);
    const res = await get(`/cribdata/Members/ta/${code.toLowerCase()}`);
    expect(res.json().results).toEqual([
      {
        memberMlsId: code,
        memberFullName: expect.stringMatching(/^First\d+ Last\d+$/),
        officeMlsId: office.code,
        officeName: `Office ${office.code}`,
      },
    ]);
    const byAssistantCode = await get(`/cribdata/Members/ta/${assistant.loginId.toUpperCase()}`);
    expect(byAssistantCode.json().results).toEqual([]);
    expect((await get('/cribdata/Members/ta/%25')).json().results).toEqual([]);
  });

  it('suggests listing agents whose "last first" or "first last" starts with the text, by last and first name', async () => {
    const office = await ctx.factories.buildOffice();
    const agent = await ctx.factories.buildMember({ type: 'Agent', office });
    const broker = await ctx.factories.buildMember({ type: 'Broker', office });
    const assistant = await ctx.factories.buildMember({ type: 'Office Assistant', office });
    for (const m of [agent, broker, assistant]) await giveMlsId(ctx.db, m);
    const names = async (text: string) =>
      (await get(`/cribdata/Members/ta/${encodeURIComponent(text)}`))
        .json()
        .results.map((r: { memberFullName: string }) => r.memberFullName);
    const n = agent.loginId.replace('member', '');
    const full = `First${n} Last${n}`;
    for (const text of [`last${n}`, `LAST${n} fi`, `First${n}`, `first${n} l`]) expect(await names(text), text).toContain(full);
    // The middle of a word is not a start; an assistant is never suggested.
    expect(await names(`ast${n}`)).not.toContain(full);
    const b = broker.loginId.replace('member', '');
    expect(await names(`Last${b} First${b}`)).toEqual([`First${b} Last${b}`]);
    const a = assistant.loginId.replace('member', '');
    expect(await names(`Last${a} First${a}`)).toEqual([]);
  });

  it('offers as list agent only agents the server accepts from the writer; as co-list agent any agent', async () => {
    const aor = await ctx.factories.buildAssociation();
    const office = await ctx.factories.buildOffice({ aorId: aor.id });
    const sameAor = await ctx.factories.buildOffice({ aorId: aor.id });
    const agent = await ctx.factories.buildMember({ type: 'Agent', office });
    const colleague = await ctx.factories.buildMember({ type: 'Agent', office });
    const broker = await ctx.factories.buildMember({ type: 'Broker', office });
    const neighbour = await ctx.factories.buildMember({ type: 'Agent', office: sameAor });
    const outsider = await ctx.factories.buildMember({ type: 'Agent' });
    const aorStaff = await ctx.factories.buildMember({ type: 'Association Staff', office: sameAor });
    const mlsStaff = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const everyone = [agent, colleague, broker, neighbour, outsider];
    const prefix = 'REACH';
    const codes = new Map<BuiltMember, string>();
    for (const m of everyone) {
      codes.set(m, `${prefix}${m.memberId}`);
      await ctx.db.query('UPDATE members SET agent_code = $1 WHERE id = $2', [codes.get(m), m.memberId]);
    }
    const offered = async (who: BuiltMember, role: string) => {
      const res = await get(`/cribdata/Members/ta/${encodeURIComponent(prefix)}?role=${role}`, who);
      expect(res.statusCode).toBe(200);
      const found = new Set(res.json().results.map((r: { memberMlsId: string }) => r.memberMlsId));
      return everyone.filter((m) => found.has(codes.get(m))).map((m) => m.loginId);
    };
    const ids = (...ms: BuiltMember[]) => ms.map((m) => m.loginId);
    expect(await offered(agent, 'list')).toEqual(ids(agent));
    expect(await offered(broker, 'list')).toEqual(ids(agent, colleague, broker));
    expect(await offered(aorStaff, 'list')).toEqual(ids(agent, colleague, broker, neighbour));
    expect(await offered(mlsStaff, 'list')).toEqual(ids(...everyone));
    expect(await offered(agent, 'coList')).toEqual(ids(...everyone));
    expect((await get('/cribdata/Members/ta/abc?role=owner', agent)).statusCode).toBe(400);
  });

  it('reports a single property with its details, and no property when the address matches several or none', async () => {
    const one = await get('/taxapi/PropertyReport/92648?address=16500%20Ocean');
    expect(one.json().results[0]).toMatchObject({
      propertiesFound: 1,
      property: {
        county: 'Orange',
        state: 'CA',
        address: { zip4: '1234', streetSuffix: 'Blvd', full: '16500 Ocean Blvd' },
        propertyType: 'Resi',
        coordinates: { lat: 33.66, lon: -117.99 },
      },
    });
    expect((await get('/taxapi/PropertyReport/92648?address=16500%20Ocean%20Blvd')).json().results[0].propertiesFound).toBe(1);
    expect((await get('/taxapi/PropertyReport/92648?address=200%20Main')).json().results[0]).toEqual({
      propertiesFound: 2,
      property: null,
    });
    expect((await get('/taxapi/PropertyReport/90000?address=16500%20Ocean')).json().results[0]).toEqual({
      propertiesFound: 0,
      property: null,
    });
    expect((await get('/taxapi/PropertyReport/9264?address=1%20A')).statusCode).toBe(400);
  });

  it('suggests seeded addresses and ZIP places, United States only', async () => {
    const res = await get('/api/app/Maps/addresses?text=16500%20ocean');
    expect(res.json().results[0]).toMatchObject({
      kind: 'address',
      label: '16500 Ocean Blvd, Huntington Beach, CA 92648',
      streetNumber: '16500',
      countyOrParish: 'Orange',
    });
    const places = await get('/api/app/Maps/addresses?text=92648');
    expect(places.json().results.find((r: { kind: string }) => r.kind === 'place')).toMatchObject({
      kind: 'place',
      city: 'Huntington Beach',
      stateOrProvince: 'CA',
      postalCode: '92648',
    });
    const city = await get('/api/app/Maps/addresses?text=Shreveport');
    expect(city.json().results[0]).toMatchObject({ stateOrProvince: 'LA' });
    expect((await get('/api/app/Maps/addresses?text=92648&country=CA')).json().results).toEqual([]);
    const unauthenticated = await ctx.app.inject({ url: '/api/app/Maps/addresses?text=92648' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('describes the create, update and status bodies in the OpenAPI document, from the shared schemas', async () => {
    type Operation = { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const bodyOf = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema.properties ?? {};
    for (const [path, method] of [
      ['/api/app/Registration', 'post'],
      ['/api/app/Registration/{id}', 'put'],
    ]) {
      const fields = Object.keys(bodyOf(path, method));
      expect(fields, `${method} ${path}`).toEqual(
        expect.arrayContaining([
          'propertyType',
          'listPrice',
          'listingContractDate',
          'expirationDate',
          'streetNumber',
          'listAgentMlsId',
          'version',
        ]),
      );
    }
    expect(Object.keys(bodyOf('/api/app/Registration/status/{id}', 'put'))).toEqual(
      expect.arrayContaining(['standardStatus', 'cancellationDate']),
    );
  });
});
