import { loadNotes } from '../lib/auth-member';
import { PROFILE_MODE, shouldProfile, whereTimeGoes } from '../lib/profile';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/** Issue 5, section 7: the wizard's address type-ahead (the maps interface's embedded gazetteer), US only. */
export const name = 'Registered listings: address type-ahead (GET /api/app/Maps/addresses)';

/** Issue 5's data: skipped when BENCH_REGISTERED=0. */
export const needs = ['registered'];

export const goal: Goal[] = [
  { metric: 'p99Ms', op: '<', target: 20, unit: 'ms', label: 'GET /api/app/Maps/addresses?text= p99 at 20 connections' },
];

const CONNECTIONS = 20;

/**
 * What a member types for an address, from real public-record rows: house number and street, the street with its
 * suffix, number + street + city, a ZIP code, a city name being typed.
 */
async function typedAddresses(ctx: ScenarioContext, count: number): Promise<string[]> {
  const rows = await ctx.db.query<{
    street_number: string;
    street_name: string;
    street_suffix: string | null;
    city: string;
    postal_code: string;
  }>('SELECT street_number, street_name, street_suffix, city, postal_code FROM property_records ORDER BY md5(upi) LIMIT $1', [count]);
  return rows.map(
    (r, i) =>
      [
        `${r.street_number} ${r.street_name}`,
        `${r.street_number} ${r.street_name} ${r.street_suffix ?? ''}`.trim(),
        `${r.street_number} ${r.street_name.slice(0, 3)}`,
        `${r.street_number} ${r.street_name}, ${r.city}`,
        r.postal_code,
        r.city.slice(0, 4 + (i % 4)),
      ][i % 6],
  );
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const count = (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM property_records'))?.n ?? 0;
  const texts = await typedAddresses(ctx, 61);
  const requests = texts.map((t) => ({ path: `/api/app/Maps/addresses?text=${encodeURIComponent(t)}&country=US` }));
  const result = await ctx.load({
    label: 'GET /api/app/Maps/addresses?text=',
    requests,
    connections: CONNECTIONS,
    durationSeconds: ctx.defaults.durationSeconds,
  });
  const missed = result.p99Ms >= goal[0].target;
  const where = shouldProfile(PROFILE_MODE, missed) ? await whereTimeGoes(ctx, { requests, connections: CONNECTIONS }) : [];
  return {
    metrics: {
      p99Ms: result.p99Ms,
      p50Ms: result.p50Ms,
      requestsPerSecond: result.requestsPerSecond,
      non2xx: result.non2xx,
      propertyRecords: count,
    },
    notes: [
      `${count.toLocaleString('en-US')} public-record addresses; ${texts.length} texts, e.g. ${texts
        .slice(0, 6)
        .map((t) => `'${t}'`)
        .join(', ')}.`,
      ...loadNotes(result),
      ...where,
    ],
  };
}
