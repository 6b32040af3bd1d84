import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { KPI_CODES, refreshStaleSnapshots } from './index';
import { executeAllKpis } from './service';

type KpiOut = { code: string; measure: string; changeMeasure: string; trend: Array<{ period: string; value: number }> };

describe('GET api/app/KpiDefinition/ExecuteAll', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  beforeAll(async () => {
    ctx = await createTestContext();
    dash = createDashboardFactories(ctx.db);
    await dash.ensureKpiDefinitions(KPI_CODES);
  });
  afterAll(() => ctx.close());

  async function kpisOf(accountId: number) {
    const res = await ctx.app.inject({ url: '/api/app/KpiDefinition/ExecuteAll', headers: await ctx.as(accountId) });
    expect(res.statusCode).toBe(200);
    return new Map((res.json().results as KpiOut[]).map((k) => [k.code, k]));
  }

  it("computes each association's own figures from its listings, against the previous 30 days", async () => {
    const aorA = await ctx.factories.buildAssociation();
    const aorB = await ctx.factories.buildAssociation();
    // Association A: 3 new listings this period, 1 the period before; 2 sales this period, 1 before.
    await dash.buildListing(aorA.id, { status: 'Active', listPrice: 500_000, onMarketDaysAgo: 2 });
    await dash.buildListing(aorA.id, { status: 'Active', listPrice: 700_000, onMarketDaysAgo: 10 });
    await dash.buildListing(aorA.id, { status: 'Pending', listPrice: 900_000, onMarketDaysAgo: 20, pendingDaysAgo: 5 });
    await dash.buildListing(aorA.id, {
      status: 'Closed',
      listPrice: 400_000,
      closePrice: 390_000,
      onMarketDaysAgo: 45,
      pendingDaysAgo: 35,
      closeDaysAgo: 40,
    });
    await dash.buildListing(aorA.id, {
      status: 'Closed',
      listPrice: 600_000,
      closePrice: 600_000,
      onMarketDaysAgo: 70,
      pendingDaysAgo: 40,
      closeDaysAgo: 10,
    });
    await dash.buildListing(aorA.id, {
      status: 'Closed',
      listPrice: 800_000,
      closePrice: 820_000,
      onMarketDaysAgo: 90,
      pendingDaysAgo: 50,
      closeDaysAgo: 20,
    });
    // Association B: one sale, nothing else.
    await dash.buildListing(aorB.id, {
      status: 'Closed',
      listPrice: 1_000_000,
      closePrice: 950_000,
      onMarketDaysAgo: 40,
      pendingDaysAgo: 30,
      closeDaysAgo: 5,
    });

    const memberA = await ctx.factories.buildMember({ office: await ctx.factories.buildOffice({ aorId: aorA.id }) });
    const memberB = await ctx.factories.buildMember({ office: await ctx.factories.buildOffice({ aorId: aorB.id }) });
    const a = await kpisOf(memberA.accountId);
    expect([...a.keys()]).toEqual(KPI_CODES);
    expect(a.get('new_listings')).toMatchObject({ measure: '3', changeMeasure: '+200.0%' });
    expect(a.get('closed_sales')).toMatchObject({ measure: '2', changeMeasure: '+100.0%' });
    expect(a.get('pending_sales')).toMatchObject({ measure: '1', changeMeasure: '-66.7%' });
    expect(a.get('median_list_price')?.measure).toBe('$700,000');
    expect(a.get('median_sold_price')).toMatchObject({ measure: '$710,000', changeMeasure: '+82.1%' });
    expect(a.get('median_days_on_market')?.measure).toBe('65 days');
    expect(a.get('active_listings')?.measure).toBe('2');
    expect(a.get('months_of_inventory')?.measure).toBe('1.0');
    expect(a.get('closed_sales')?.trend.reduce((sum, p) => sum + p.value, 0)).toBe(3);

    const b = await kpisOf(memberB.accountId);
    expect(b.get('closed_sales')).toMatchObject({ measure: '1', changeMeasure: '' });
    expect(b.get('median_sold_price')?.measure).toBe('$950,000');
    expect(b.get('new_listings')?.measure).toBe('0');
    expect(b.get('median_list_price')?.measure).toBe('—');
  });

  it('reads the stored snapshot until the refresh job recomputes it, one association per run', async () => {
    const aor = await ctx.factories.buildAssociation();
    await dash.buildListing(aor.id, { status: 'Active', listPrice: 300_000, onMarketDaysAgo: 3 });
    const newListings = async (at: number) => (await executeAllKpis(ctx.db, aor.id, at)).find((k) => k.code === 'new_listings')?.measure;
    const now = Date.now();
    expect(await newListings(now)).toBe('1');
    await dash.buildListing(aor.id, { status: 'Active', listPrice: 320_000, onMarketDaysAgo: 1 });
    // Past the process's one-minute cache, the stored snapshot still answers: listings do not count per request.
    expect(await newListings(now + 61_000)).toBe('1');
    const stored = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM kpi_snapshots WHERE aor_id = $1', [aor.id]);
    expect(stored?.n).toBe(1);
    // Fresh snapshots are left alone; stale ones (here: any age) are recomputed.
    expect(await refreshStaleSnapshots(ctx.db)).toBe(0);
    expect(await refreshStaleSnapshots(ctx.db, 0)).toBeGreaterThanOrEqual(1);
    expect(await newListings(now + 122_000)).toBe('2');
  });

  it('refuses members of SWLAR', async () => {
    const swlar = await ctx.factories.buildMember({ system: 'SWLAR' });
    const res = await ctx.app.inject({ url: '/api/app/KpiDefinition/ExecuteAll', headers: await ctx.as(swlar.accountId) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isSuccessful: false, code: 'FORBIDDEN' });
  });

  it('refuses a call without a token', async () => {
    expect((await ctx.app.inject({ url: '/api/app/KpiDefinition/ExecuteAll' })).statusCode).toBe(401);
  });
});
