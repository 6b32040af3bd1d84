import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';

describe('ads and dashboard containers', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  beforeAll(async () => {
    ctx = await createTestContext();
    dash = createDashboardFactories(ctx.db);
    await dash.buildContainer('applications', 'Active', 1);
    await dash.buildContainer('kpis', 'Active', 2);
    await dash.buildContainer('sponsored', 'Pending', 3);
  });
  afterAll(() => ctx.close());

  it('serves the ad frame with its own policy: sandboxed (opaque origin), inline and https scripts allowed, no data', async () => {
    const res = await ctx.app.inject({ url: '/api/app/AdFrame' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp.split('; ')[0]).toBe('sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("script-src 'unsafe-inline' https:");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.body).toContain("data.type !== 'portico-ad-template'");
  });

  it('answers Pending sections to admins only', async () => {
    const member = await ctx.factories.buildMember();
    const admin = await ctx.factories.buildMember({ type: 'Broker', isCrmlsOfficeAdmin: true });
    const keysOf = async (accountId: number) =>
      (await ctx.app.inject({ url: '/api/app/GenericContainers/', headers: await ctx.as(accountId) }))
        .json()
        .results.map((c: { key: string }) => c.key);
    expect(await keysOf(member.accountId)).toEqual(['applications', 'kpis']);
    expect(await keysOf(admin.accountId)).toEqual(['applications', 'kpis', 'sponsored']);
  });

  it("answers the providers for every association and the member's own, not another association's", async () => {
    const aorA = await ctx.factories.buildAssociation();
    const aorB = await ctx.factories.buildAssociation();
    const everywhere = await dash.buildAdProvider({ tags: ['dashboard-billboard', 'spotlight-ad', 'carousel-ad', 'article-ad'] });
    const ownA = await dash.buildAdProvider({ aorId: aorA.id, tags: ['spotlight-ad'] });
    const ownB = await dash.buildAdProvider({ aorId: aorB.id });
    const member = await ctx.factories.buildMember({ office: await ctx.factories.buildOffice({ aorId: aorA.id }) });
    const res = await ctx.app.inject({ url: '/api/app/GenericAds', headers: await ctx.as(member.accountId) });
    expect(res.statusCode).toBe(200);
    const providers = res.json().results as Array<{ providerName: string; impressions: Array<{ tagName: string; template: string }> }>;
    const names = providers.map((p) => p.providerName);
    expect(names).toEqual(expect.arrayContaining([everywhere.providerName, ownA.providerName]));
    expect(names.indexOf(ownA.providerName)).toBeLessThan(names.indexOf(everywhere.providerName));
    expect(names).not.toContain(ownB.providerName);
    expect(providers.find((p) => p.providerName === everywhere.providerName)?.impressions.map((i) => i.tagName)).toEqual([
      'dashboard-billboard',
      'spotlight-ad',
      'carousel-ad',
      'article-ad',
    ]);
  });

  it('refuses calls without a token', async () => {
    expect((await ctx.app.inject({ url: '/api/app/GenericAds' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/app/GenericContainers/' })).statusCode).toBe(401);
  });
});
