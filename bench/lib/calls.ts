import { loadNotes } from './auth-member';
import type { LoadRequest, LoadResult } from './load';
import type { ScenarioContext, ScenarioResult } from './scenario';

export interface Call {
  /** Prefix of the call's metrics: `containers` gives containersP99Ms, containersRequestsPerSecond, ... */
  key: string;
  label: string;
  requests: LoadRequest[];
  /** Tokens to rotate (request k carries tokens[k % n]); the run's tokens when absent. */
  tokens?: string[];
}

export function callMetrics(key: string, r: LoadResult): Record<string, number> {
  return {
    [`${key}P99Ms`]: r.p99Ms,
    [`${key}P50Ms`]: r.p50Ms,
    [`${key}RequestsPerSecond`]: Math.round(r.requestsPerSecond),
    [`${key}Non2xx`]: r.non2xx,
    [`${key}Errors`]: r.errors + r.timeouts,
  };
}

/** Loads each call alone, one after the other, at the run's connections and duration; one set of metrics per call. */
export async function loadEach(ctx: ScenarioContext, calls: Call[]): Promise<ScenarioResult & { results: LoadResult[] }> {
  const metrics: Record<string, number> = {};
  const notes: string[] = [];
  const results: LoadResult[] = [];
  for (const call of calls) {
    const r = await ctx.load({
      label: call.label,
      requests: call.requests,
      tokens: call.tokens,
      connections: ctx.defaults.connections,
      durationSeconds: ctx.defaults.durationSeconds,
    });
    Object.assign(metrics, callMetrics(call.key, r));
    notes.push(...loadNotes(r));
    results.push(r);
  }
  return { metrics, notes, results };
}

/** Tokens of the run's members whose association is not SWLAR (the only members who get market statistics). */
export async function tokensWithKpis(ctx: ScenarioContext): Promise<string[]> {
  const rows = await ctx.db.query<{ id: number }>(
    "SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id WHERE a.id = ANY($1::int[]) AND upper(coalesce(m.originating_system_id, '')) <> 'SWLAR'",
    [ctx.accountIds],
  );
  const allowed = new Set(rows.map((r) => r.id));
  return ctx.tokens.filter((_, i) => allowed.has(ctx.accountIds[i]));
}
