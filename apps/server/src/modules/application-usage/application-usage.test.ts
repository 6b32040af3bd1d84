import type { ApplicationUsage } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { foldLaunches } from './service';

const ZONE = 'America/Los_Angeles';

describe('GET api/app/ApplicationUsage', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  let x: { id: number };
  let y: { id: number };
  let who: Record<'a1' | 'a2' | 'b1' | 'staffA' | 'staffB' | 'mls' | 'broker' | 'agent', { memberId: number; accountId: number }>;

  /** A launch recorded at a known instant, as the tiles and the SAML endpoints record them. */
  async function launch(memberId: number, applicationId: number, at: string, outcome = 'opened') {
    await ctx.db.query(
      'INSERT INTO application_launches (member_id, application_id, protocol, outcome, launched_on) VALUES ($1, $2, $3, $4, $5)',
      [memberId, applicationId, outcome === 'opened' ? 'link' : 'saml', outcome, at],
    );
  }

  async function usage(accountId: number, query: string) {
    const res = await ctx.app.inject({ url: `/api/app/ApplicationUsage?${query}`, headers: await ctx.as(accountId) });
    return res;
  }

  async function figures(accountId: number, query: string): Promise<ApplicationUsage> {
    const res = await usage(accountId, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results[0];
  }

  const pick = (u: ApplicationUsage, periodStart: string, applicationId: number) =>
    u.points.find((p) => p.periodStart === periodStart && p.applicationId === applicationId);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: ZONE } });
    dash = createDashboardFactories(ctx.db);
    const aorA = await ctx.factories.buildAssociation();
    const aorB = await ctx.factories.buildAssociation();
    const officeA = await ctx.factories.buildOffice({ aorId: aorA.id });
    const officeB = await ctx.factories.buildOffice({ aorId: aorB.id });
    const build = (type: 'Agent' | 'Broker' | 'Association Staff' | 'MLS Staff', office: typeof officeA) =>
      ctx.factories.buildMember({ type, office });
    who = {
      a1: await build('Agent', officeA),
      a2: await build('Agent', officeA),
      b1: await build('Agent', officeB),
      staffA: await build('Association Staff', officeA),
      staffB: await build('Association Staff', officeB),
      mls: await build('MLS Staff', officeB),
      broker: await build('Broker', officeA),
      agent: await build('Agent', officeA),
    };
    x = await dash.buildApplication({ name: 'Usage X' });
    y = await dash.buildApplication({ name: '=Cloud, "CMA"' });
    // Monday 2026-03-02 (noon in Los Angeles): folded before the rest arrive.
    await launch(who.a1.memberId, x.id, '2026-03-02T20:00:00Z');
    await launch(who.a1.memberId, x.id, '2026-03-02T21:00:00Z');
    await launch(who.a2.memberId, x.id, '2026-03-02T22:00:00Z');
    await launch(who.b1.memberId, x.id, '2026-03-02T23:00:00Z');
    await launch(who.a1.memberId, y.id, '2026-03-02T20:30:00Z');
    await launch(who.a2.memberId, y.id, '2026-03-02T20:40:00Z', 'refused-audience');
    expect(await foldLaunches(ctx.db, ZONE)).toBeGreaterThan(0);
    // Not folded yet: a read counts them from the log. 07:30 UTC on 3 March is still 2 March in Los Angeles.
    await launch(who.a2.memberId, x.id, '2026-03-03T07:30:00Z');
    await launch(who.a1.memberId, x.id, '2026-03-04T20:00:00Z');
    await launch(who.a1.memberId, x.id, '2026-04-01T20:00:00Z');
  });
  afterAll(() => ctx.close());

  it('refuses agents and brokers', async () => {
    for (const m of [who.agent, who.broker]) {
      expect((await usage(m.accountId, 'period=day')).statusCode).toBe(403);
      const csv = await ctx.app.inject({ url: '/api/app/ApplicationUsage/Csv', headers: await ctx.as(m.accountId) });
      expect(csv.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/app/ApplicationUsage' })).statusCode).toBe(401);
  });

  it('counts launches and distinct members per application per day, folded and not yet folded, for MLS staff', async () => {
    const u = await figures(who.mls.accountId, `period=day&from=2026-03-01&to=2026-03-31&applicationId=${x.id}`);
    expect(u.scope).toBe('mls');
    expect(u.periods).toHaveLength(31);
    expect(pick(u, '2026-03-02', x.id)).toMatchObject({ launches: 5, members: 3, refusals: 0, applicationName: 'Usage X' });
    expect(pick(u, '2026-03-04', x.id)).toMatchObject({ launches: 1, members: 1 });
    expect(u.points.map((p) => p.periodStart)).toEqual(['2026-03-02', '2026-03-04']);
    expect(u.totals).toEqual({ launches: 6, refusals: 0 });
  });

  it('counts a member once per week and per month', async () => {
    const week = await figures(who.mls.accountId, `period=week&from=2026-03-01&to=2026-03-31&applicationId=${x.id}`);
    expect(week.periods[0]).toBe('2026-02-23');
    expect(pick(week, '2026-03-02', x.id)).toMatchObject({ launches: 6, members: 3 });
    const month = await figures(who.mls.accountId, `period=month&from=2026-03-01&to=2026-04-30&applicationId=${x.id}`);
    expect(month.periods).toEqual(['2026-03-01', '2026-04-01']);
    expect(pick(month, '2026-03-01', x.id)).toMatchObject({ launches: 6, members: 3 });
    expect(pick(month, '2026-04-01', x.id)).toMatchObject({ launches: 1, members: 1 });
  });

  it("shows association staff their association's members' launches only", async () => {
    const u = await figures(who.staffA.accountId, 'period=day&from=2026-03-01&to=2026-03-31');
    expect(u.scope).toBe('association');
    expect(pick(u, '2026-03-02', x.id)).toMatchObject({ launches: 4, members: 2 });
    expect(pick(u, '2026-03-02', y.id)).toMatchObject({ launches: 1, members: 1, refusals: 1 });
    expect(u.topApplications.map((t) => [t.applicationId, t.launches])).toEqual([
      [x.id, 5],
      [y.id, 1],
    ]);
    const b = await figures(who.staffB.accountId, 'period=day&from=2026-03-01&to=2026-03-31');
    expect(pick(b, '2026-03-02', x.id)).toMatchObject({ launches: 1, members: 1 });
    expect(pick(b, '2026-03-02', y.id)).toBeUndefined();
  });

  it('answers the same figures once everything is folded', async () => {
    const query = 'period=week&from=2026-02-01&to=2026-04-30';
    const before = await figures(who.mls.accountId, query);
    expect(await foldLaunches(ctx.db, ZONE)).toBeGreaterThan(0);
    expect(await foldLaunches(ctx.db, ZONE)).toBe(0);
    expect(await figures(who.mls.accountId, query)).toEqual(before);
    const staff = await figures(who.staffA.accountId, 'period=day&from=2026-03-01&to=2026-03-31');
    expect(pick(staff, '2026-03-02', x.id)).toMatchObject({ launches: 4, members: 2 });
  });

  it('lists the members of the scope who never launched an application, paged', async () => {
    const u = await figures(who.staffA.accountId, 'period=day&pageSize=1');
    expect(u.neverLaunched.totalResults).toBe(3);
    expect(u.neverLaunched.totalPages).toBe(3);
    expect(u.neverLaunched.members).toHaveLength(1);
    // A page past the last still says how many there are.
    const past = await figures(who.staffA.accountId, 'period=day&pageSize=1&pageId=5');
    expect(past.neverLaunched.members).toEqual([]);
    expect(past.neverLaunched.totalResults).toBe(3);
    const all = await figures(who.staffA.accountId, 'period=day&pageSize=25');
    expect(all.neverLaunched.members.map((m) => m.memberId).sort()).toEqual(
      [who.staffA, who.broker, who.agent].map((m) => m.memberId).sort(),
    );
    const mls = await figures(who.mls.accountId, 'period=day&pageSize=100');
    const ids = mls.neverLaunched.members.map((m) => m.memberId);
    expect(ids).toEqual(expect.arrayContaining([who.staffB.memberId, who.agent.memberId]));
    expect(ids).not.toContain(who.a1.memberId);
    expect(ids).not.toContain(who.b1.memberId);
  });

  it('exports the figures as CSV, with cells a spreadsheet cannot take for formulas', async () => {
    const res = await ctx.app.inject({
      url: '/api/app/ApplicationUsage/Csv?period=day&from=2026-03-01&to=2026-03-03',
      headers: await ctx.as(who.staffA.accountId),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="application-usage-day-2026-03-01-2026-03-03.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Period start,Period,Application ID,Application,Launches,Distinct members,Refusals',
      `2026-03-02,day,${y.id},"'=Cloud, ""CMA""",1,1,1`,
      `2026-03-02,day,${x.id},Usage X,4,2,0`,
    ]);
  });

  it('refuses bad input with field errors', async () => {
    const cases: Array<[string, string]> = [
      ['period=year', 'period'],
      ['from=2026-03-05&to=2026-03-01', 'from'],
      ['from=2026-02-30', 'from'],
      ['period=day&from=2024-01-01&to=2026-01-01', 'from'],
      ['applicationId=abc', 'applicationId'],
      ['pageSize=1000', 'pageSize'],
    ];
    for (const [query, field] of cases) {
      const res = await usage(who.mls.accountId, query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
  });
});

describe('POST api/app/ApplicationLaunches', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  beforeAll(async () => {
    // Each test's member launches at most twice, below this limit; the limit's own test goes over it.
    ctx = await createTestContext({ env: { RATE_LIMITS: 'launch=3/60' } });
    dash = createDashboardFactories(ctx.db);
  });
  afterAll(() => ctx.close());

  const post = async (accountId: number, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/app/ApplicationLaunches', headers: await ctx.as(accountId), payload: body as object });
  const launchesOf = (applicationId: number) =>
    ctx.db.query<{ member_id: number; protocol: string; outcome: string; aor_id: number }>(
      'SELECT member_id, protocol, outcome, aor_id FROM application_launches WHERE application_id = $1',
      [applicationId],
    );

  it("records a link tile's launch with one row, with the member's association", async () => {
    const app = await dash.buildApplication();
    const agent = await ctx.factories.buildMember();
    const res = await post(agent.accountId, { applicationId: app.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0]).toEqual({ recorded: true });
    expect(await launchesOf(app.id)).toEqual([{ member_id: agent.memberId, protocol: 'link', outcome: 'opened', aor_id: agent.aorId }]);
  });

  it('refuses an application the member may not use, and an unknown one, without recording', async () => {
    const other = await ctx.factories.buildAssociation();
    const app = await dash.buildApplication();
    await dash.restrictApplication(app.id, { aorId: other.id });
    const agent = await ctx.factories.buildMember();
    expect((await post(agent.accountId, { applicationId: app.id })).statusCode).toBe(403);
    expect(await launchesOf(app.id)).toEqual([]);
    expect((await post(agent.accountId, { applicationId: 2_000_000_000 })).statusCode).toBe(404);
    const bad = await post(agent.accountId, { applicationId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('applicationId');
  });

  it("records a SAML tile's launch too, as the one count of it (decision 1010), with its protocol", async () => {
    const app = await dash.buildApplication();
    await ctx.db.query('INSERT INTO saml_applications (application_id, entity_id) VALUES ($1, $2)', [app.id, `https://sp.test/${app.id}`]);
    // As the SAML registration does (saml/repository.ts): the application's protocol is its sso_protocol.
    await ctx.db.query("UPDATE applications SET sso_protocol = 'saml' WHERE id = $1", [app.id]);
    const agent = await ctx.factories.buildMember();
    const res = await post(agent.accountId, { applicationId: app.id });
    expect(res.json().results[0]).toEqual({ recorded: true });
    expect(await launchesOf(app.id)).toEqual([{ member_id: agent.memberId, protocol: 'saml', outcome: 'opened', aor_id: agent.aorId }]);
  });

  it("limits one member's recorded launches (429 with Retry-After, nothing recorded), not another member's", async () => {
    const app = await dash.buildApplication();
    const agent = await ctx.factories.buildMember();
    for (let i = 0; i < 3; i++) expect((await post(agent.accountId, { applicationId: app.id })).statusCode).toBe(200);
    const refused = await post(agent.accountId, { applicationId: app.id });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await launchesOf(app.id)).toHaveLength(3);
    const other = await ctx.factories.buildMember();
    expect((await post(other.accountId, { applicationId: app.id })).statusCode).toBe(200);
  });
});
