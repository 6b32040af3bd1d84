import { loadNotes } from '../lib/auth-member';
import { callMetrics, tokensWithKpis } from '../lib/calls';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

const PATH = '/api/app/KpiDefinition/ExecuteAll';

/**
 * Market statistics over 1,000,000 MLS listings. First, with the stored snapshots removed, one call per
 * association, one after the other: each computes its association's snapshot (what the refresh job does every 5
 * minutes). Then the steady state under load: members of the 12 associations that get the section (not SWLAR),
 * 50 connections.
 */
export const name = 'Market statistics: KpiDefinition/ExecuteAll over 1,000,000 MLS listings';

/** Skipped when BENCH_MLS_LISTINGS=0. */
export const needs = ['mlsListings'];

export const goal: Goal[] = [
  { metric: 'kpisP99Ms', op: '<', target: 100, unit: 'ms', label: `GET ${PATH} p99 at 50 connections (goal of the call)` },
  { metric: 'kpisP99Ms', op: '<', target: 50, unit: 'ms', label: `GET ${PATH} p99 at 50 connections (every dashboard call)` },
];

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const tokens = await tokensWithKpis(ctx);
  if (tokens.length === 0) throw new Error('No member outside SWLAR among the minted tokens');
  const byAor = await ctx.db.query<{ aor: string; account_id: number; listings: number }>(
    `WITH one AS (
       SELECT DISTINCT ON (m.aor_id) m.aor_id, a.id AS account_id
         FROM accounts a JOIN members m ON m.id = a.member_id
        WHERE a.id = ANY($1::int[]) AND upper(coalesce(m.originating_system_id, '')) <> 'SWLAR'
        ORDER BY m.aor_id, a.id)
     SELECT s.short_name AS aor, one.account_id, (SELECT count(*)::int FROM mls_listings l WHERE l.aor_id = one.aor_id) AS listings
       FROM one JOIN associations s ON s.id = one.aor_id ORDER BY s.short_name`,
    [ctx.accountIds],
  );
  // Setup, not measurement: without stored snapshots the first call of each association computes one.
  await ctx.db.query('DELETE FROM kpi_snapshots');
  const cold: Array<{ aor: string; listings: number; ms: number; status: number }> = [];
  for (const row of byAor) {
    const token = await ctx.tokenFor(row.account_id);
    const started = performance.now();
    const res = await fetch(`${ctx.baseUrl}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    cold.push({ aor: row.aor, listings: row.listings, ms: Math.round(performance.now() - started), status: res.status });
  }
  const coldMs = cold.map((c) => c.ms).sort((a, b) => a - b);

  const r = await ctx.load({
    label: `GET ${PATH}`,
    requests: [{ path: PATH }],
    tokens,
    connections: ctx.defaults.connections,
    durationSeconds: ctx.defaults.durationSeconds,
  });
  return {
    metrics: {
      ...callMetrics('kpis', r),
      coldMaxMs: coldMs.at(-1) ?? 0,
      coldMedianMs: coldMs[Math.floor(coldMs.length / 2)] ?? 0,
    },
    notes: [
      `First call per association with no stored snapshot (computes it; the refresh job's cost per association): ${cold
        .map((c) => `${c.aor} ${c.ms} ms (${c.listings.toLocaleString('en-US')} listings${c.status === 200 ? '' : `, status ${c.status}`})`)
        .join(', ')}.`,
      `${tokens.length} members' tokens rotate (SWLAR members left out: they get 403 by design).`,
      ...loadNotes(r),
    ],
  };
}
