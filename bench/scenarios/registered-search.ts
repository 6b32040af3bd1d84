import { REGISTERED_STATUSES } from '@portico/shared';
import { loadNotes } from '../lib/auth-member';
import { PROFILE_MODE, shouldProfile, whereTimeGoes } from '../lib/profile';
import { mixedTokens, SEARCH_PATH, searchRequest, searchRoleTokens, searchTexts } from '../lib/registered';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/** Issue 5, section 7: the registered list's search with a text and a status filter, over 1,000,000 listings. */
export const name = 'Registered listings: list search with text and status (1,000,000 listings)';

/** Issue 5's data: skipped when BENCH_REGISTERED=0. */
export const needs = ['registered'];

export const goal: Goal[] = [
  { metric: 'p99Ms', op: '<', target: 30, unit: 'ms', label: 'POST /api/app/Registration/search/ p99 at 20 connections, mixed roles' },
];

const PATH = SEARCH_PATH;
const CONNECTIONS = 20;

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const listings = (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM registered_listings'))?.n ?? 0;
  const roles = await searchRoleTokens(ctx);
  // 61 texts against 100 tokens: coprime, so every role meets every text and status over a run.
  const texts = await searchTexts(ctx, 61);
  const requests = texts.map((text, i) => searchRequest(text, REGISTERED_STATUSES[i % REGISTERED_STATUSES.length]));
  const { durationSeconds } = ctx.defaults;
  const mixed = await ctx.load({
    label: `POST ${PATH} (mixed roles)`,
    requests,
    tokens: mixedTokens(roles),
    connections: CONNECTIONS,
    durationSeconds,
  });
  const metrics: Record<string, number> = {
    p99Ms: mixed.p99Ms,
    p50Ms: mixed.p50Ms,
    requestsPerSecond: mixed.requestsPerSecond,
    non2xx: mixed.non2xx,
    listings,
  };
  const notes = [
    `${listings.toLocaleString('en-US')} registered listings. Roles per 100 requests: 60 agents, 20 brokers and office managers, 10 AOR staff, 10 MLS staff; ${texts.length} texts (e.g. ${texts
      .slice(0, 7)
      .map((t) => `'${t}'`)
      .join(', ')}) with the 4 statuses in turn.`,
    ...loadNotes(mixed),
  ];
  // Each role alone, shorter, to show where the time goes (MLS staff search every listing).
  for (const r of roles) {
    const alone = await ctx.load({
      label: `POST ${PATH} (${r.role} only)`,
      requests,
      tokens: r.tokens,
      connections: CONNECTIONS,
      durationSeconds: Math.max(3, Math.ceil(durationSeconds / 2)),
    });
    const key = r.role.split(' ')[0].toLowerCase();
    metrics[`${key}P99Ms`] = alone.p99Ms;
    metrics[`${key}P50Ms`] = alone.p50Ms;
    notes.push(...loadNotes(alone));
  }
  if (shouldProfile(PROFILE_MODE, mixed.p99Ms >= 30)) {
    notes.push(...(await whereTimeGoes(ctx, { requests, tokens: mixedTokens(roles), connections: CONNECTIONS })));
  }
  return { metrics, notes };
}
