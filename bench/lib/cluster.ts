import { loadavg } from 'node:os';
import { REGISTERED_STATUSES } from '@portico/shared';
import { loadConfig } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/index';
import { openDatabase } from '../../apps/server/src/db/open';
import { seedScale } from '../../apps/server/src/seed/scale';
import type { PorticoCluster } from '../../scripts/cluster.mjs';
import { startPorticoCluster } from '../../scripts/cluster.mjs';
import { peakRssMb, postgresCpuMs, processCpuMs } from './cpu';
import { searchRequest, searchTexts } from './registered';
import type { Goal, ScenarioResult } from './scenario';
import { mintTokens } from './tokens';
import {
  type Call,
  type CallKind,
  dashboardCalls,
  isError,
  POLL_CALLS,
  percentile,
  runVirtualMembers,
  type Sample,
  sendAs,
  type VirtualMember,
} from './virtual-members';

export interface ClusterSettings {
  counts: Record<string, number>;
  members: number;
  seconds: number;
  thinkSeconds: number;
  rampSeconds: number;
  cpuRequests: number;
  log: (line: string) => void;
}

export const clusterGoals: Goal[] = [
  { metric: 'oneErrors', op: '<=', target: 0, unit: '', label: 'Virtual members on one instance: errors' },
  { metric: 'oneP99Ms', op: '<', target: 200, unit: 'ms', label: 'Virtual members on one instance: p99 of every call' },
  { metric: 'threeErrors', op: '<=', target: 0, unit: '', label: 'Virtual members on three instances behind nginx: errors' },
  { metric: 'threeP99Ms', op: '<', target: 200, unit: 'ms', label: 'Virtual members on three instances behind nginx: p99 of every call' },
];

/** A deterministic pseudo-random sequence (mulberry32), so every run draws the same think times and actions. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function getJson<T>(baseUrl: string, token: string, path: string, body?: unknown): Promise<T[]> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { results: T[] }).results;
}

/** Real tokens of scale members, what each may search, and two saves of five of their own settings that undo each other. */
async function virtualMembers(db: Db, baseUrl: string, config: ReturnType<typeof loadConfig>, count: number): Promise<VirtualMember[]> {
  const { tokens, accountIds } = await mintTokens(db, config, count);
  const rows = await db.query<{ id: number; member_id: number; kpis: boolean }>(
    `SELECT a.id, m.id AS member_id, upper(coalesce(m.originating_system_id, '')) <> 'SWLAR' AS kpis
       FROM accounts a JOIN members m ON m.id = a.member_id WHERE a.id = ANY($1::int[])`,
    [accountIds],
  );
  const byAccount = new Map(rows.map((r) => [r.id, r]));
  const texts = await searchTexts({ db }, 61);
  const searches = texts.map((t, i) => ({
    kind: 'search' as const,
    ...searchRequest(t, REGISTERED_STATUSES[i % REGISTERED_STATUSES.length]),
  }));
  const groups = await getJson<{ id: number; settingValues: Array<{ shortValue: string }> }>(
    baseUrl,
    tokens[0],
    '/api/app/SettingGroups/q',
    {
      pageId: 1,
      pageSize: 100,
    },
  );
  const types = await getJson<{ id: number; groupId: number }>(baseUrl, tokens[0], '/api/app/SettingTypes/q', {
    pageId: 1,
    pageSize: 5000,
  });
  const valuesOfGroup = new Map(groups.map((g) => [g.id, g.settingValues.map((v) => v.shortValue)]));
  const valuesOf = new Map(types.map((t) => [t.id, valuesOfGroup.get(t.groupId) ?? []]));
  const members: VirtualMember[] = [];
  for (const [i, token] of tokens.entries()) {
    const row = byAccount.get(accountIds[i])!;
    const [derived] = await getJson<{ settings: Array<{ typeId: number; isEditable: boolean }> }>(
      baseUrl,
      token,
      `/api/DerivedSettings/member/${row.member_id}`,
    );
    const editable = derived.settings
      .filter((s) => s.isEditable && (valuesOf.get(s.typeId)?.length ?? 0) >= 2)
      .slice(0, 5)
      .map((s) => ({ typeId: s.typeId, values: valuesOf.get(s.typeId)! }));
    const save = (pick: 0 | 1): Call => ({
      kind: 'save',
      method: 'PUT',
      path: '/api/app/MemberSettings',
      body: {
        ownerId: row.member_id,
        settings: editable.map((t) => ({ typeId: t.typeId, shortValue: t.values[pick], actionRequired: false })),
      },
    });
    // 61 texts against the members: each member searches its own few, so the texts spread over the run.
    const own = [0, 1, 2].map((k) => searches[(i * 3 + k) % searches.length]);
    members.push({ token, kpis: row.kpis, searches: own, saves: editable.length ? [save(0), save(1)] : [] });
  }
  return members;
}

interface Summary {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  byKind: Map<CallKind, { n: number; p99: number; errors: number }>;
  statuses: Record<string, number>;
  /** p99 and count of each 30-second stretch of the run, to tell a slow start from a slow run. */
  timeline: string;
  firstErrors: string[];
}

function summarize(samples: Sample[]): Summary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const byKind = new Map<CallKind, { n: number; p99: number; errors: number }>();
  for (const kind of new Set(samples.map((s) => s.kind))) {
    const of = samples.filter((s) => s.kind === kind);
    const ms = of.map((s) => s.ms).sort((a, b) => a - b);
    byKind.set(kind, { n: of.length, p99: percentile(ms, 99), errors: of.filter(isError).length });
  }
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const start = Math.min(...samples.map((s) => s.at));
  const stretches = new Map<number, number[]>();
  for (const s of samples) {
    const k = Math.floor((s.at - start) / 30_000);
    if (!stretches.has(k)) stretches.set(k, []);
    stretches.get(k)!.push(s.ms);
  }
  const timeline = [...stretches]
    .sort(([a], [b]) => a - b)
    .map(
      ([k, ms]) =>
        `${k * 30}-${k * 30 + 30} s: ${ms.length} requests, p99 ${Math.round(
          percentile(
            ms.sort((a, b) => a - b),
            99,
          ),
        )} ms`,
    )
    .join('; ');
  const firstErrors = [...new Set(samples.filter(isError).map((s) => `${s.kind} ${s.status || s.error}`))].slice(0, 5);
  return {
    timeline,
    firstErrors,
    requests: samples.length,
    errors: samples.filter(isError).length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    byKind,
    statuses,
  };
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/** CPU used by the given instances and PostgreSQL while `work` runs, in ms. */
async function measuring<T>(cluster: PorticoCluster, instances: number[], work: () => Promise<T>) {
  const app = () => instances.reduce((sum, i) => sum + processCpuMs(cluster.pid(i)), 0);
  const [app0, pg0, t0] = [app(), postgresCpuMs(cluster.pg.data), Date.now()];
  const result = await work();
  return { result, appMs: app() - app0, pgMs: postgresCpuMs(cluster.pg.data) - pg0, wallMs: Date.now() - t0 };
}

/**
 * CPU time per request of each call on one instance: `n` requests of that call alone (8 at a time, the members' tokens
 * rotating, tags already held for the conditional ones), the instance's and PostgreSQL's CPU divided by `n`.
 */
async function cpuPerCall(cluster: PorticoCluster, members: VirtualMember[], n: number) {
  const base = `http://127.0.0.1:${cluster.ports[0]}`;
  const pool = members.slice(0, 100);
  const kinds: Array<{ kind: CallKind; call: (m: VirtualMember, k: number) => Call | null }> = [
    ...dashboardCalls(true).map((c) => ({
      kind: c.kind,
      call: (m: VirtualMember) => (c.kind === 'kpis' && !m.kpis ? null : { ...c, conditional: false }),
    })),
    ...POLL_CALLS.map((c) => ({ kind: c.kind, call: () => c })),
    { kind: 'search' as const, call: (m: VirtualMember, k: number) => m.searches[k % m.searches.length] ?? null },
    { kind: 'save' as const, call: (m: VirtualMember, k: number) => m.saves[Math.floor(k / pool.length) % 2] ?? null },
  ];
  const out: Record<string, { appMs: number; pgMs: number; errors: number }> = {};
  for (const { kind, call } of kinds) {
    const tags = pool.map(() => new Map<string, string>());
    const warm: Sample[] = [];
    await Promise.all(pool.map((m, i) => (call(m, 0) ? sendAs(base, m, tags[i], call(m, 0)!, warm) : null)));
    const samples: Sample[] = [];
    let k = 0;
    const { appMs, pgMs } = await measuring(cluster, [0], () =>
      Promise.all(
        Array.from({ length: 8 }, async () => {
          while (k < n) {
            const i = k % pool.length;
            const c = call(pool[i], k++);
            if (c) await sendAs(base, pool[i], tags[i], c, samples);
          }
        }),
      ),
    );
    out[kind] = { appMs: appMs / samples.length, pgMs: pgMs / samples.length, errors: samples.filter(isError).length };
  }
  return out;
}

export async function runCluster(s: ClusterSettings): Promise<ScenarioResult & { details: unknown }> {
  const cluster = await startPorticoCluster();
  try {
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: cluster.pg.url,
      PUBLIC_URL: cluster.publicUrl,
      OIDC_ISSUER: undefined,
      LOG_LEVEL: 'warn',
    });
    const db = await openDatabase(config);
    try {
      await seedScale(db, s.counts, (line) => s.log(`  ${line}`));
      const size = await db.one<{ mb: number }>('SELECT round(pg_database_size(current_database()) / 1e6)::int AS mb');
      const members = await virtualMembers(db, cluster.publicUrl, config, s.members);
      s.log(`  ${members.length} virtual members ready; ${s.seconds} s on one instance, then on three`);
      const metrics: Record<string, number> = {
        databaseMb: size?.mb ?? 0,
        members: members.length,
        seconds: s.seconds,
        thinkSeconds: s.thinkSeconds,
        rampSeconds: s.rampSeconds,
      };
      const notes: string[] = [];
      const runs = [
        { key: 'one', what: 'one instance (its own port)', url: `http://127.0.0.1:${cluster.ports[0]}`, instances: [0] },
        { key: 'three', what: 'three instances behind nginx', url: cluster.publicUrl, instances: [0, 1, 2] },
      ];
      const details: Record<string, unknown> = {};
      for (const run of runs) {
        const measured = await measuring(cluster, run.instances, () =>
          runVirtualMembers(run.url, members, s.seconds, s.thinkSeconds, s.rampSeconds, seeded(18)),
        );
        for (const m of members) {
          m.agent?.destroy();
          m.agent = undefined;
        }
        const sum = summarize(measured.result);
        const load = loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ');
        Object.assign(metrics, {
          [`${run.key}Requests`]: sum.requests,
          [`${run.key}RequestsPerSecond`]: round(sum.requests / (measured.wallMs / 1000), 1),
          [`${run.key}Errors`]: sum.errors,
          [`${run.key}P50Ms`]: round(sum.p50),
          [`${run.key}P99Ms`]: round(sum.p99),
          [`${run.key}AppCpuMsPerRequest`]: round(measured.appMs / sum.requests, 3),
          [`${run.key}PgCpuMsPerRequest`]: round(measured.pgMs / sum.requests, 3),
          [`${run.key}AppCores`]: round(measured.appMs / measured.wallMs, 2),
          [`${run.key}PgCores`]: round(measured.pgMs / measured.wallMs, 2),
        });
        notes.push(
          `${run.what}: ${sum.requests} requests (${Object.entries(sum.statuses)
            .map(([k, v]) => `${k === '0' ? 'no answer' : k} × ${v}`)
            .join(
              ', ',
            )}); p99 by call: ${[...sum.byKind].map(([k, v]) => `${k} ${round(v.p99, 1)} ms (${v.n}${v.errors ? `, ${v.errors} errors` : ''})`).join(', ')}. Load average at its end: ${load}. By stretch: ${sum.timeline}.${sum.firstErrors.length ? ` Errors: ${sum.firstErrors.join(' | ')}.` : ''}`,
        );
        details[run.key] = Object.fromEntries(sum.byKind);
      }
      for (const i of [0, 1, 2]) metrics[`instance${i + 1}.peakRssMb`] = peakRssMb(cluster.pid(i));
      const cpu = await cpuPerCall(cluster, members, s.cpuRequests);
      for (const [kind, c] of Object.entries(cpu)) {
        metrics[`cpu.${kind}.appMs`] = round(c.appMs, 3);
        // A backend that exited during the sample and was not reaped yet takes its time out of the sum: not measured then.
        if (c.pgMs >= 0) metrics[`cpu.${kind}.pgMs`] = round(c.pgMs, 3);
        else notes.push(`CPU per call: PostgreSQL's CPU for ${kind} is not measured (a backend exited during the sample).`);
        if (c.errors) notes.push(`CPU per call: ${kind} had ${c.errors} errors among its ${s.cpuRequests} requests.`);
      }
      notes.push(
        `CPU per request of each call: ${s.cpuRequests} requests of that call alone on instance 1, 8 at a time; cpu.<call>.appMs is the instance's CPU (user + system from /proc/<pid>/stat) per request, cpu.<call>.pgMs PostgreSQL's (postmaster, backends and reaped children). nginx's own CPU is not counted.`,
        `Database: the scale seeders on the cluster's own PostgreSQL 15 (${Object.entries(s.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}).`,
      );
      return { metrics, notes, details: { ...details, cpu } };
    } finally {
      await db.close();
    }
  } finally {
    await cluster.stop();
  }
}
