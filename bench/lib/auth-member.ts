import type { LoadResult } from './load';
import { type ProfileMode, shouldProfile, whereTimeGoes } from './profile';
import type { Goal, ScenarioContext, ScenarioResult } from './scenario';

export const AUTH_MEMBER_PATH = '/api/app/Members/AuthMemberDto';

export const authMemberGoals: Goal[] = [
  { metric: 'ratioPercent', op: '>=', target: 25, unit: '%', label: 'AuthMemberDto throughput vs a bare Fastify JSON route' },
  { metric: 'p99Ms', op: '<', target: 20, unit: 'ms', label: 'AuthMemberDto p99 latency at 50 connections' },
];

const round = (v: number) => Math.round(v * 100) / 100;

export function loadNotes(r: LoadResult): string[] {
  const notes = [
    `${r.label}: ${r.requests} requests in ${r.durationSeconds} s at ${r.connections} connections; ${round(r.requestsPerSecond)} req/s; latency mean ${round(r.meanMs)} ms, p50 ${r.p50Ms} ms, p90 ${r.p90Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms; status codes ${JSON.stringify(r.statusCodes)}.`,
  ];
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
    notes.push(
      `WARNING ${r.label}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts — the numbers above are not of successful calls only.`,
    );
  }
  return notes;
}

/**
 * AuthMemberDto, the call every signed-in screen makes first, against the yardstick of a bare Fastify JSON route:
 * both at the same concurrency, the load generator in its own process, tokens of many members in rotation.
 */
export async function runAuthMember(ctx: ScenarioContext, bareUrl: string, profile: ProfileMode): Promise<ScenarioResult> {
  const probe = await fetch(`${ctx.baseUrl}${AUTH_MEMBER_PATH}`, { headers: { authorization: `Bearer ${ctx.tokens[0]}` } });
  const body = (await probe.json()) as { results?: Array<{ userid?: number; memberAOR?: string; userclass?: string }> };
  if (probe.status !== 200 || !body.results?.[0])
    throw new Error(`AuthMemberDto probe answered ${probe.status}: ${JSON.stringify(body).slice(0, 200)}`);

  const { connections, durationSeconds } = ctx.defaults;
  // The machine is shared: the yardstick runs before and after, and the ratio uses their mean.
  const bareRun = (when: string) =>
    ctx.load({
      label: `bare Fastify GET /bare (${when})`,
      baseUrl: bareUrl,
      requests: [{ path: '/bare' }],
      tokens: false,
      connections,
      durationSeconds,
    });
  const bareBefore = await bareRun('before');
  const auth = await ctx.load({ label: `GET ${AUTH_MEMBER_PATH}`, requests: [{ path: AUTH_MEMBER_PATH }], connections, durationSeconds });
  const bareAfter = await bareRun('after');
  const bareRps = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2;
  const bare = bareBefore.p99Ms >= bareAfter.p99Ms ? bareBefore : bareAfter;
  const missed = (auth.requestsPerSecond / bareRps) * 100 < 25 || auth.p99Ms >= 20;
  const where = shouldProfile(profile, missed) ? await whereTimeGoes(ctx, { requests: [{ path: AUTH_MEMBER_PATH }], connections }) : [];
  return {
    metrics: {
      ratioPercent: (auth.requestsPerSecond / bareRps) * 100,
      requestsPerSecond: auth.requestsPerSecond,
      bareRequestsPerSecond: bareRps,
      p50Ms: auth.p50Ms,
      p90Ms: auth.p90Ms,
      p99Ms: auth.p99Ms,
      bareP99Ms: bare.p99Ms,
      non2xx: auth.non2xx,
    },
    notes: [
      `Probe: 200 with member ${body.results[0].userid} (${body.results[0].userclass}, ${body.results[0].memberAOR}); ${ctx.tokens.length} different members' tokens rotate across requests.`,
      ...loadNotes(bareBefore),
      ...loadNotes(auth),
      ...loadNotes(bareAfter),
      ...where,
    ],
  };
}
