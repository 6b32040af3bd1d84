import { ADMIN_MESSAGE_TEXTS as T } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validAdminMessage } from '../../../test/admin-messages';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';

/** Issue 28 §4 (decision 1055): who a message would reach, counted by the rules it is read by. */
describe('the audience of an admin message (POST api/app/SystemNotification/Audience)', () => {
  let ctx: TestContext;
  let f: TestContext['factories'];

  beforeAll(async () => {
    ctx = await createTestContext();
    f = ctx.factories;
  });
  afterAll(() => ctx.close());

  const audience = async (who: BuiltMember, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/app/SystemNotification/Audience', headers: await ctx.as(who.accountId), payload });
  const memberTypes = (...values: string[]) => [{ field: 'MemberType', op: 'Equal', values }];
  const reads = async (member: BuiltMember, title: string) =>
    (await ctx.app.inject({ url: '/api/app/SystemNotifications', headers: await ctx.as(member.accountId) }))
      .json()
      .results.some((n: { title: string }) => n.title === title);

  it("counts exactly the association's members who read the message, by member type, leaving out accounts that cannot sign in", async () => {
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const branch = await f.buildOffice({ aorId: aor.id, mainOfficeCode: office.code });
    const staff = await f.buildMember({ type: 'Association Staff', office });
    const members = [
      staff,
      await f.buildMember({ office }),
      await f.buildMember({ office: branch }),
      await f.buildMember({ type: 'Broker', office }),
      await f.buildMember({ type: 'Broker', office: branch, userClass: 'db' }),
      await f.buildMember({ type: 'Office Manager', office }),
      await f.buildMember({ type: 'Other', office: branch }),
      await f.buildMember({ type: 'Appraiser', office }),
    ];
    const gone = await f.buildMember({ office });
    await ctx.db.query('UPDATE accounts SET deactivated_on = now() WHERE id = $1', [gone.accountId]);
    const elsewhere = await f.buildMember({ office: await f.buildOffice() });

    for (const [i, values] of [[], ['B'], ['A', 'OM'], ['OTH'], ['AP', 'b']].entries()) {
      const criteria = values.length ? memberTypes(...values) : [];
      const res = await audience(staff, { criteria });
      expect(res.statusCode).toBe(200);
      const answer = res.json().results[0];
      expect(answer).toMatchObject({ scope: 'association', to: `${aor.shortName} Association` });
      // The same message, written: the count is the number of members who read it.
      const title = `Audience check ${i} ${aor.shortName}`;
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/SystemNotification/',
        headers: await ctx.as(staff.accountId),
        payload: validAdminMessage({ title, criteria }),
      });
      expect(created.statusCode).toBe(200);
      let readers = 0;
      for (const m of members) if (await reads(m, title)) readers++;
      expect(await reads(elsewhere, title)).toBe(false);
      expect(answer.count).toBe(readers);
    }
    const everyone = (await audience(staff, { criteria: [] })).json().results[0];
    expect(everyone).toMatchObject({ count: members.length, memberTypes: [] });
    const two = (await audience(staff, { criteria: memberTypes('OM', 'a') })).json().results[0];
    expect(two).toMatchObject({ count: 3, memberTypes: ['Agent', 'Office Manager'] });
  });

  it("counts the MLS's members for MLS staff, named by MLS_NAME; an existing message keeps its own association", async () => {
    const mls = await f.buildMember({ type: 'MLS Staff' });
    const all = (await ctx.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM accounts a WHERE a.member_id IS NOT NULL AND a.deactivated_on IS NULL',
    ))!.n;
    const res = await audience(mls, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toEqual({ scope: 'mls', to: 'Portico Demo MLS', memberTypes: [], count: all });
    const profile = await ctx.app.inject({ url: '/api/app/AdminProfile', headers: await ctx.as(mls.accountId) });
    expect(profile.json().results[0]).toMatchObject({ scope: 'mls', mlsName: 'Portico Demo MLS' });

    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const staff = await f.buildMember({ type: 'Association Staff', office });
    await f.buildMember({ office });
    const written = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SystemNotification/',
      headers: await ctx.as(staff.accountId),
      payload: validAdminMessage({ title: 'An association message' }),
    });
    const id = written.json().results[0].id;
    expect((await audience(mls, { id })).json().results[0]).toEqual({
      scope: 'association',
      to: `${aor.shortName} Association`,
      memberTypes: [],
      count: 2,
    });
    // Another association's staff do not learn of it.
    const stranger = await f.buildMember({ type: 'Association Staff' });
    expect((await audience(stranger, { id })).statusCode).toBe(404);
  });

  it("counts a broker's office, by office code, for every member type; refuses unknown types and non-admins", async () => {
    const office = await f.buildOffice();
    const branch = await f.buildOffice({ aorId: office.aorId, mainOfficeCode: office.code });
    const broker = await f.buildMember({ type: 'Broker', office });
    await f.buildMember({ office });
    await f.buildMember({ type: 'Personal Assistant', office });
    await f.buildMember({ office: branch });
    const res = await audience(broker, { criteria: memberTypes('A') });
    expect(res.json().results[0]).toEqual({ scope: 'office', to: `Office ${office.code}`, memberTypes: [], count: 3 });

    const staff = await f.buildMember({ type: 'Association Staff' });
    const unknown = await audience(staff, { criteria: memberTypes('NOPE') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'criteria.0.values', message: T.memberTypeInvalid }]);
    const bad = await audience(staff, { criteria: 'all' });
    expect(bad.statusCode).toBe(400);
    expect([...new Set(bad.json().errors.map((e: { field: string }) => e.field))]).toEqual(['criteria']);
    const agent = await f.buildMember();
    expect((await audience(agent, {})).statusCode).toBe(403);
  });
});
