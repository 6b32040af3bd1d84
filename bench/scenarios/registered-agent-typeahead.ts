import { loadNotes } from '../lib/auth-member';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/** Issue 5, section 7: the wizard's List/Co-list Agent type-ahead over 100,000 members. */
export const name = 'Registered listings: agent type-ahead (GET cribdata/Members/ta/{text})';

/** Issue 5's data: skipped when BENCH_REGISTERED=0. */
export const needs = ['registered'];

export const goal: Goal[] = [
  { metric: 'p99Ms', op: '<', target: 15, unit: 'ms', label: 'GET /cribdata/Members/ta/{text} p99 at 20 connections' },
];

const CONNECTIONS = 20;

/**
 * What an agent types, taken from real members: the start of an MLS id (`OCM00012`), a last name or its first
 * letters, a first name, "first last" — each as the debounced type-ahead would send it, 3 characters or more.
 */
async function typedTexts(ctx: ScenarioContext, count: number): Promise<string[]> {
  const rows = await ctx.db.query<{ agent_code: string; first_name: string; last_name: string }>(
    `SELECT m.agent_code, m.first_name, m.last_name FROM members m
     WHERE m.agent_code IS NOT NULL AND m.member_status_id = 1 ORDER BY md5(m.id::text) LIMIT $1`,
    [count],
  );
  return rows.map(
    (r, i) =>
      [
        r.agent_code.slice(0, 3 + (i % 6)),
        r.last_name,
        r.last_name.slice(0, 3 + (i % 3)).toLowerCase(),
        r.first_name,
        `${r.first_name} ${r.last_name.slice(0, 2)}`,
        r.agent_code,
      ][i % 6],
  );
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const texts = await typedTexts(ctx, 61);
  const result = await ctx.load({
    label: 'GET /cribdata/Members/ta/{text}',
    requests: texts.map((t) => ({ path: `/cribdata/Members/ta/${encodeURIComponent(t)}` })),
    connections: CONNECTIONS,
    durationSeconds: ctx.defaults.durationSeconds,
  });
  return {
    metrics: { p99Ms: result.p99Ms, p50Ms: result.p50Ms, requestsPerSecond: result.requestsPerSecond, non2xx: result.non2xx },
    notes: [
      `${texts.length} texts, e.g. ${texts
        .slice(0, 6)
        .map((t) => `'${t}'`)
        .join(', ')}.`,
      ...loadNotes(result),
    ],
  };
}
