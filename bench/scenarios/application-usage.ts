import { loadNotes } from '../lib/auth-member';
import type { LoadRequest } from '../lib/load';
import { benchMembersAtLevel } from '../lib/members';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * The usage figures of the launcher (issue 19 section 4) over the recorded launches (`--launches`, bench default
 * 10,000,000): association staff (their association) and MLS staff (all) open the 'Application usage' screen by day,
 * week and month, narrow it to one application, page the never-launched members and export the CSV. Then, for
 * information, the tiles' launch call (one insert) at the same connections.
 */
export const name = 'Application usage figures (launches and distinct members per period, scoped by level)';

export const goal: Goal[] = [
  { metric: 'p99Ms', op: '<', target: 100, unit: 'ms', label: 'GET api/app/ApplicationUsage (and /Csv) p99 at 10 connections, mixed' },
];

const STAFF_PER_LEVEL = 10;
const CONNECTIONS = 10;

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const launches = Number((await ctx.db.one<{ n: string }>('SELECT count(*)::text AS n FROM application_launches'))?.n ?? 0);
  const rollup = Number((await ctx.db.one<{ n: string }>('SELECT count(*)::text AS n FROM application_usage'))?.n ?? 0);
  const top = await ctx.db.one<{ id: number }>(
    `SELECT application_id AS id FROM application_usage WHERE grain = 'month' GROUP BY 1 ORDER BY sum(launches) DESC LIMIT 1`,
  );
  const queries = [
    'period=day',
    'period=week',
    'period=month',
    `period=day&applicationId=${top?.id ?? 1}`,
    'period=day&pageId=3',
    'period=month&from=2025-12-01&to=2026-11-30',
  ];
  const requests: LoadRequest[] = [];
  const accountIds: number[] = [];
  for (const level of [4, 5]) {
    for (const staff of await benchMembersAtLevel(ctx.db, level, STAFF_PER_LEVEL)) {
      for (const q of queries) {
        requests.push({ path: `/api/app/ApplicationUsage?${q}` });
        accountIds.push(staff.accountId);
      }
      requests.push({ path: '/api/app/ApplicationUsage/Csv?period=week' });
      accountIds.push(staff.accountId);
    }
  }
  const tokens = await Promise.all(accountIds.map((id) => ctx.tokenFor(id)));
  // A probe of each request first: every one must answer 200.
  for (const [i, r] of requests.entries()) {
    const res = await fetch(`${ctx.baseUrl}${r.path}`, { headers: { authorization: `Bearer ${tokens[i]}` } });
    if (res.status !== 200) throw new Error(`Probe of ${r.path} answered ${res.status}: ${await res.text()}`);
  }
  const figures = await ctx.load({
    label: 'GET api/app/ApplicationUsage, levels 4 and 5 mixed',
    requests,
    tokens,
    connections: CONNECTIONS,
  });

  // The tiles' launch call, by the rotating scale members, for an application everyone may use.
  const open = await ctx.db.one<{ id: number }>(
    `SELECT a.id FROM applications a WHERE a.url IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM application_audiences x WHERE x.application_id = a.id)
        AND NOT EXISTS (SELECT 1 FROM office_applications oa WHERE oa.application_id = a.id AND oa.access_control = 0)
        AND NOT EXISTS (SELECT 1 FROM saml_applications s WHERE s.application_id = a.id)
      ORDER BY a.id LIMIT 1`,
  );
  const launch = await ctx.load({
    label: 'POST api/app/ApplicationLaunches',
    requests: [{ method: 'POST', path: '/api/app/ApplicationLaunches', body: { applicationId: open?.id ?? 1 } }],
    connections: CONNECTIONS,
    durationSeconds: Math.min(5, ctx.defaults.durationSeconds),
  });
  return {
    metrics: {
      p99Ms: figures.p99Ms,
      p50Ms: figures.p50Ms,
      requestsPerSecond: figures.requestsPerSecond,
      non2xx: figures.non2xx,
      launchP99Ms: launch.p99Ms,
      launchRequestsPerSecond: launch.requestsPerSecond,
      recordedLaunches: launches,
      rollupRows: rollup,
    },
    notes: [
      `${launches.toLocaleString('en-US')} launches recorded, ${rollup.toLocaleString('en-US')} rollup rows; ${requests.length} different requests by ${STAFF_PER_LEVEL} association staff and ${STAFF_PER_LEVEL} MLS staff.`,
      ...loadNotes(figures),
      ...loadNotes(launch),
    ],
  };
}
