import type { Viewer } from '@portico/shared';
import { reachWhere } from '../../apps/server/src/modules/directory/index';
import { loadNotes } from '../lib/auth-member';
import type { LoadRequest } from '../lib/load';
import { benchMembersAtLevel } from '../lib/members';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * The settings page's agent search (`GET api/app/AudienceIndexes/ta/{search}`), as office managers and brokers
 * (levels 2, 3), association staff (4) and MLS staff (5) type it: each searcher looks for colleagues inside their
 * own reach by the start of a last name, a first name and the start of a last name, a first name, or a login id,
 * with the scope parameter the page sends for their level.
 */
export const name = 'Agent search of the settings page (type-ahead, scoped by level)';

export const goal: Goal[] = [
  { metric: 'p99Ms', op: '<', target: 15, unit: 'ms', label: 'GET api/app/AudienceIndexes/ta/{search} p99 at 20 connections' },
];

const LEVELS = [2, 3, 4, 5] as const;
const SEARCHERS_PER_LEVEL = 50;
const CONNECTIONS = 20;

/** The scope parameter the page adds by level (apps/web settings api.ts, agentScopeQuery). */
function scopeQuery(v: Viewer): string {
  if (v.level === 2 && v.officeCode) return `?officeCode=${encodeURIComponent(v.officeCode)}`;
  if (v.level === 3 && v.mainOfficeCode) return `?mainOfficeCode=${encodeURIComponent(v.mainOfficeCode)}`;
  if (v.level === 4 && v.aorShortName) return `?aorShortName=${encodeURIComponent(v.aorShortName)}`;
  return '';
}

/** What people type: three letters of a last name, a first name and two letters of the last, four of a first name, a login id. */
async function searchTexts(ctx: ScenarioContext, viewer: Viewer): Promise<string[]> {
  const reach = reachWhere(viewer, { office: 'o', member: 'm' });
  const colleague = await ctx.db.one<{ first_name: string; last_name: string; login_id: string }>(
    `SELECT m.first_name, m.last_name, m.login_id FROM members m JOIN offices o ON o.id = m.office_id
     WHERE ${reach.where} AND m.id <> $${reach.params.length + 1} ORDER BY md5(m.id::text) LIMIT 1`,
    [...reach.params, viewer.memberId],
  );
  if (!colleague) return [];
  const { first_name: first, last_name: last, login_id: login } = colleague;
  return [last.slice(0, 3), `${first} ${last.slice(0, 2)}`, first.slice(0, 4), login];
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const perLevel: Record<number, { requests: LoadRequest[]; accountIds: number[] }> = {};
  for (const level of LEVELS) {
    const searchers = await benchMembersAtLevel(ctx.db, level, SEARCHERS_PER_LEVEL);
    const entry = { requests: [] as LoadRequest[], accountIds: [] as number[] };
    for (const s of searchers) {
      for (const text of await searchTexts(ctx, s.viewer)) {
        entry.requests.push({ path: `/api/app/AudienceIndexes/ta/${encodeURIComponent(text)}${scopeQuery(s.viewer)}` });
        entry.accountIds.push(s.accountId);
      }
    }
    perLevel[level] = entry;
  }
  // Interleaved so that every stretch of the run has all four levels (the same share of requests each).
  const mixed: { requests: LoadRequest[]; accountIds: number[] } = { requests: [], accountIds: [] };
  const longest = Math.max(...LEVELS.map((l) => perLevel[l].requests.length));
  for (let i = 0; i < longest; i++)
    for (const level of LEVELS) {
      const e = perLevel[level];
      if (i < e.requests.length) {
        mixed.requests.push(e.requests[i]);
        mixed.accountIds.push(e.accountIds[i]);
      }
    }

  // A probe of each request before the load: every one must answer 200, and most should find someone.
  const tokens = await Promise.all(mixed.accountIds.map((id) => ctx.tokenFor(id)));
  let found = 0;
  let hits = 0;
  for (const [i, r] of mixed.requests.entries()) {
    const res = await fetch(`${ctx.baseUrl}${r.path}`, { headers: { authorization: `Bearer ${tokens[i]}` } });
    if (res.status !== 200) throw new Error(`Probe of ${r.path} answered ${res.status}`);
    const n = ((await res.json()) as { results: unknown[] }).results.length;
    found += n;
    if (n > 0) hits++;
  }

  const all = await ctx.load({ label: 'agent search, levels 2-5 mixed', requests: mixed.requests, tokens, connections: CONNECTIONS });
  const metrics: Record<string, number> = {
    p99Ms: all.p99Ms,
    p50Ms: all.p50Ms,
    requestsPerSecond: all.requestsPerSecond,
    non2xx: all.non2xx,
  };
  const notes = [
    `${mixed.requests.length} different searches by ${LEVELS.map((l) => `${new Set(perLevel[l].accountIds).size} level-${l}`).join(', ')} members; the probe found someone for ${hits} of them (${(found / mixed.requests.length).toFixed(1)} results on average, at most 25).`,
    ...loadNotes(all),
  ];
  // Each level alone, for information: the wider the reach, the more rows the search reads.
  for (const level of LEVELS) {
    const e = perLevel[level];
    const r = await ctx.load({
      label: `agent search, level ${level} only`,
      requests: e.requests,
      tokens: await Promise.all(e.accountIds.map((id) => ctx.tokenFor(id))),
      connections: CONNECTIONS,
      durationSeconds: Math.min(5, ctx.defaults.durationSeconds),
    });
    metrics[`level${level}P99Ms`] = r.p99Ms;
    metrics[`level${level}P50Ms`] = r.p50Ms;
    notes.push(...loadNotes(r));
  }
  return { metrics, notes };
}
