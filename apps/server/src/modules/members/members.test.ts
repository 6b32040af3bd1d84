import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { findMemberByAccountId, findMembersByAccountIds, type MemberRecord } from './index';

describe('members API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('returns the profile of the signed-in member with type and level', async () => {
    const office = await ctx.factories.buildOffice();
    const broker = await ctx.factories.buildMember({ type: 'Broker', office });
    const res = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers: await ctx.as(broker.accountId) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isSuccessful).toBe(true);
    expect(body.results[0]).toMatchObject({
      userid: broker.memberId,
      userclass: 'CB',
      userlevel: 3,
      isAuthenticated: true,
      memberType: { name: 'Broker', shortName: 'B', value: 2 },
      member: { loginId: broker.loginId, memberTypeId: 2 },
      office: { id: office.id, officeCode: office.code },
    });
  });

  it('answers a signed-in member the same profile at each call, and the changed one after a change of the member', async () => {
    const m = await ctx.factories.buildMember({ type: 'Broker' });
    const headers = await ctx.as(m.accountId);
    const profile = async () => (await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers })).body;
    const first = await profile();
    expect(await profile()).toBe(first);
    await ctx.db.query('UPDATE members SET first_name = $1, email = $2 WHERE id = $3', ['Renamed', 'renamed@example.test', m.memberId]);
    // What a write through Portico does on this instance; PGlite's change signal does it too, while on PostgreSQL
    // another instance's write is seen within the principal's 30 s (decision 0007).
    ctx.app.principals.forgetMember(m.memberId);
    const after = JSON.parse(await profile()).results[0];
    expect(after).toMatchObject({ memberFirstName: 'Renamed', memberEmail: 'renamed@example.test', member: { firstName: 'Renamed' } });
  });

  it('reads the same member record as one JSON value (the first calls of new tokens) as column by column', async () => {
    const office = await ctx.factories.buildOffice();
    const member = await ctx.factories.buildMember({ type: 'Broker', office });
    const { accountId: withoutMember } = await ctx.factories.buildAccountWithoutMember();
    const byColumns = await findMemberByAccountId(ctx.db, member.accountId);
    const byJson = await findMembersByAccountIds(ctx.db, [member.accountId, withoutMember, 2_000_000_000]);
    const record = byJson.get(member.accountId);
    expect(record).toBeTruthy();
    expect(Object.keys(record ?? {})).toHaveLength(35);
    expect(record?.office_code).toBe(office.code);
    for (const [column, value] of Object.entries(record ?? {}))
      expect([column, value]).toEqual([column, byColumns?.[column as keyof MemberRecord]]);
    // An account without member data has a null record; no account at all has none.
    expect(byJson.get(withoutMember)).toBeNull();
    expect(byJson.has(2_000_000_000)).toBe(false);
  });

  it('routes case-insensitively', async () => {
    const m = await ctx.factories.buildMember();
    const res = await ctx.app.inject({ url: '/API/app/members/authmemberdto', headers: await ctx.as(m.accountId) });
    expect(res.statusCode).toBe(200);
  });

  it('answers a sign-in without member data with no results, and refuses member calls', async () => {
    const { accountId } = await ctx.factories.buildAccountWithoutMember();
    const headers = await ctx.as(accountId);
    const res = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccessful: true, results: [], message: 'No Member Data' });
    const menus = await ctx.app.inject({ url: '/api/app/DynamicMenus/', headers });
    expect(menus.statusCode).toBe(403);
  });

  it.each([
    ['a malformed header', 'Bearer not a token!'],
    ['a garbage token', 'Bearer abc.def.ghi'],
    ['a basic header', 'Basic dXNlcjpwYXNz'],
  ])('refuses %s with 401', async (_label, authorization) => {
    const res = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccessful: false, code: 'UNAUTHENTICATED' });
  });

  it('refuses expired tokens and tokens for another audience or issuer', async () => {
    const m = await ctx.factories.buildMember();
    for (const overrides of [{ expiresIn: '-1m' }, { audience: 'https://elsewhere/api' }, { issuer: 'https://evil.example/oidc' }]) {
      const token = await ctx.tokenFor(m.accountId, overrides);
      const res = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(401);
    }
  });

  it('returns claims for the session', async () => {
    const m = await ctx.factories.buildMember();
    const res = await ctx.app.inject({ url: '/api/app/Profiles/Claims', headers: await ctx.as(m.accountId) });
    expect(res.json().results).toEqual(
      expect.arrayContaining([
        { type: 'loginId', value: m.loginId },
        { type: 'sub', value: String(m.accountId) },
      ]),
    );
  });
});
