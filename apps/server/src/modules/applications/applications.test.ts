import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';

describe('GET api/app/AudienceApplications/', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  beforeAll(async () => {
    ctx = await createTestContext();
    dash = createDashboardFactories(ctx.db);
  });
  afterAll(() => ctx.close());

  async function appsOf(accountId: number) {
    const res = await ctx.app.inject({ url: '/api/app/AudienceApplications/', headers: await ctx.as(accountId) });
    expect(res.statusCode).toBe(200);
    return res.json().results as Array<{ id: number; name: string; url: string | null; isNew: boolean; isCore: boolean }>;
  }

  it('refuses a call without a token', async () => {
    const res = await ctx.app.inject({ url: '/api/app/AudienceApplications/' });
    expect(res.statusCode).toBe(401);
  });

  it("answers the applications of the member's association, main office and member type only", async () => {
    const aorA = await ctx.factories.buildAssociation();
    const aorB = await ctx.factories.buildAssociation();
    const mainA = await ctx.factories.buildOffice({ aorId: aorA.id });
    const branchA = await ctx.factories.buildOffice({ aorId: aorA.id, mainOfficeCode: mainA.code });
    const officeB = await ctx.factories.buildOffice({ aorId: aorB.id });
    const everyone = await dash.buildApplication({ name: 'For everyone' });
    const onlyA = await dash.buildApplication({ name: 'Only association A', category: 'aor' });
    await dash.restrictApplication(onlyA.id, { aorId: aorA.id });
    const brokersOnly = await dash.buildApplication({ name: 'Brokers only', category: 'broker' });
    await dash.restrictApplication(brokersOnly.id, { memberType: 2 });
    const officeOnly = await dash.buildApplication({ name: 'Office A only' });
    await dash.restrictApplication(officeOnly.id, { mainOfficeCode: mainA.code });

    const agentInBranchA = await ctx.factories.buildMember({ type: 'Agent', office: branchA });
    const brokerInB = await ctx.factories.buildMember({ type: 'Broker', office: officeB });
    const idsA = (await appsOf(agentInBranchA.accountId)).map((a) => a.id);
    expect(idsA).toEqual(expect.arrayContaining([everyone.id, onlyA.id, officeOnly.id]));
    expect(idsA).not.toContain(brokersOnly.id);
    const idsB = (await appsOf(brokerInB.accountId)).map((a) => a.id);
    expect(idsB).toEqual(expect.arrayContaining([everyone.id, brokersOnly.id]));
    expect(idsB).not.toContain(onlyA.id);
    expect(idsB).not.toContain(officeOnly.id);
  });

  it("hides an application that the member's main office opted out of, not one a branch opted out of", async () => {
    const aor = await ctx.factories.buildAssociation();
    const main = await ctx.factories.buildOffice({ aorId: aor.id });
    const branch = await ctx.factories.buildOffice({ aorId: aor.id, mainOfficeCode: main.code });
    const optedOut = await dash.buildApplication({ name: 'Opted out by main', isConnected: true });
    const branchOnly = await dash.buildApplication({ name: 'Opted out by branch', isConnected: true });
    const optedIn = await dash.buildApplication({ name: 'Opted in', isConnected: true });
    await dash.optOut(main.id, optedOut.id, 0);
    await dash.optOut(branch.id, branchOnly.id, 0);
    await dash.optOut(main.id, optedIn.id, 1);
    const member = await ctx.factories.buildMember({ office: branch });
    const other = await ctx.factories.buildMember();
    const ids = (await appsOf(member.accountId)).map((a) => a.id);
    expect(ids).not.toContain(optedOut.id);
    expect(ids).toEqual(expect.arrayContaining([branchOnly.id, optedIn.id]));
    expect((await appsOf(other.accountId)).map((a) => a.id)).toContain(optedOut.id);
  });

  it('marks applications created in the last 30 days as new and answers a missing URL as null', async () => {
    const fresh = await dash.buildApplication({ ageDays: 3 });
    const old = await dash.buildApplication({ ageDays: 45 });
    const noUrl = await dash.buildApplication({ url: null });
    const blankUrl = await dash.buildApplication({ url: '  ' });
    const member = await ctx.factories.buildMember();
    const apps = await appsOf(member.accountId);
    const byId = new Map(apps.map((a) => [a.id, a]));
    expect(byId.get(fresh.id)?.isNew).toBe(true);
    expect(byId.get(old.id)?.isNew).toBe(false);
    expect(byId.get(noUrl.id)?.url).toBeNull();
    expect(byId.get(blankUrl.id)?.url).toBeNull();
    expect(Object.keys(apps[0]).sort()).toEqual(
      [
        'applicationCategory',
        'createdOn',
        'hoverText',
        'iconUrl',
        'id',
        'isCore',
        'isNew',
        'mlsSystem',
        'name',
        'nameShort',
        'protocol',
        'url',
      ].sort(),
    );
  });
});
