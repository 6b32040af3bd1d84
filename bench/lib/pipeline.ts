import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../apps/server/src/config';
import { loadNotes } from './auth-member';
import { shapeTheFloor } from './bare';
import { buildServerIfChanged, databaseFor, startCompiledServer } from './compiled-server';
import { processCpuMs } from './cpu';
import type { Goal, ScenarioContext, ScenarioResult } from './scenario';
import { cpuPerCall, rateOf, type Slice, sliceShare, turnOrder } from './slices';

/**
 * Issue 33: what the request pipeline itself costs. In one run, against a bare Fastify JSON route: three signed-in
 * calls with one member's token, each on a server whose request logs are on (`LOG_LEVEL=info`, the default) and on
 * one at `LOG_LEVEL=warn`, in rounds; and the first call of 2,000 tokens never seen before, on a fresh server. The
 * servers are the compiled server as `npm start` runs it, each in a process of its own (decision 1190).
 */
const CALLS = [
  { key: 'authMember', path: '/api/app/Members/AuthMemberDto', target: 60, warnTarget: 75 },
  { key: 'systemNotifications', path: '/api/app/SystemNotifications', target: 50, warnTarget: 50 },
  { key: 'audienceApplications', path: '/api/app/AudienceApplications/', target: 50, warnTarget: 50 },
] as const;
const LEVELS = ['info', 'warn'] as const;
/** Turns of slices per call and round (bench/lib/slices.ts): each target's run split in this many. */
const SLICES = 5;

interface Target {
  key: string;
  label: string;
  url: string;
  path: string;
  tokens: string[] | false;
  pid: number | undefined;
}

export const pipelineGoals: Goal[] = [
  ...CALLS.flatMap((c) =>
    LEVELS.map((level) => ({
      metric: `${c.key}${level === 'info' ? 'Info' : 'Warn'}Percent`,
      op: '>=' as const,
      target: level === 'info' ? c.target : c.warnTarget,
      unit: '%',
      label: `GET ${c.path} throughput vs a bare Fastify route, LOG_LEVEL=${level} (median of rounds)`,
    })),
  ),
  {
    metric: 'firstCallP99Ms',
    op: '<',
    target: 20,
    unit: 'ms',
    label: 'First call of a token never seen before (AuthMemberDto), p99 at 50 connections, 2,000 tokens, app warmed by other members',
  },
];

/** Members whose tokens warm a fresh app before the first calls are measured: never among the measured tokens. */
const WARM_UP_MEMBERS = 200;

async function otherMembersTokens(ctx: ScenarioContext, count: number): Promise<string[]> {
  const rows = await ctx.db.query<{ id: number }>(
    `SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id
     WHERE m.login_id ~ '^[A-Z]{2,3}M[0-9]{7}$' AND NOT (a.id = ANY($1::int[])) ORDER BY a.id LIMIT $2`,
    [ctx.accountIds, count],
  );
  return Promise.all(rows.map((r) => ctx.tokenFor(r.id)));
}

/** A token's AuthMemberDto with the member in it: a server that took the bench's tokens for another provider's would answer 200 with none. */
async function expectMemberData(url: string, token: string): Promise<void> {
  const answer = (await (await fetch(`${url}${CALLS[0].path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    results?: unknown[];
  };
  if (!answer.results?.length) throw new Error(`${url} answered AuthMemberDto without the member's data`);
}

const load1 = () => loadavg()[0].toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

export interface PipelineOptions {
  config: Config;
  bareUrl: string;
  /** The bare process's own pid, for its CPU a call. */
  barePid: number | undefined;
  /** First of three free ports: the info server, the warn server, the fresh server of the first calls. */
  port: number;
  rounds: number;
}

export async function runPipeline(ctx: ScenarioContext, opts: PipelineOptions): Promise<ScenarioResult> {
  const { connections, durationSeconds } = ctx.defaults;
  const logDir = mkdtempSync(join(tmpdir(), 'portico-bench-servers-'));
  buildServerIfChanged();
  // Each server's own database (a copy of the bench's PGlite; the bench's PostgreSQL database as it is).
  const database = (name: string) => databaseFor(opts.config, ctx.db, logDir, name);
  const server = async (name: string, level: string, port: number) =>
    startCompiledServer({ config: opts.config, database: await database(name), level, port, logFile: join(logDir, `${name}.log`) });
  const metrics: Record<string, number> = {};
  const notes: string[] = [];
  const detail: string[] = [];
  try {
    // First calls, on fresh servers (no principal, no verified token cached), each of the run's tokens exactly once.
    const firstCalls = async (label: string, port: number, warmUpTokens: string[] | undefined) => {
      const fresh = await server('fresh', 'warn', port);
      try {
        const at = load1();
        let cpu = processCpuMs(fresh.pid);
        const r = await ctx.load({
          label: `${label} of ${ctx.tokens.length} new tokens, GET ${CALLS[0].path}`,
          baseUrl: fresh.url,
          requests: [{ path: CALLS[0].path }],
          amount: ctx.tokens.length,
          ...(warmUpTokens ? { warmUpTokens } : { warmUp: false }),
          connections,
          onMeasuring: () => {
            cpu = processCpuMs(fresh.pid);
          },
        });
        const cpuMsPerCall = round2((processCpuMs(fresh.pid) - cpu) / r.requests);
        await expectMemberData(fresh.url, ctx.tokens[0]);
        notes.push(`${loadNotes(r).join(' ')} (load average ${at}; the server's CPU ${cpuMsPerCall} ms a call)`);
        return { ...r, cpuMsPerCall };
      } finally {
        await fresh.close();
      }
    };
    // A process's very first calls: its code not yet compiled, its caches empty, and the load client's too.
    const cold = await firstCalls('first calls of a just-started app', opts.port + 2, undefined);
    metrics.firstCallColdP99Ms = cold.p99Ms;
    metrics.firstCallColdCpuMs = cold.cpuMsPerCall;
    // The goal's figure: the app and the client warmed by 2 s of other members' calls, then each new token once.
    const warm = await firstCalls('first calls', opts.port + 2, await otherMembersTokens(ctx, WARM_UP_MEMBERS));
    metrics.firstCallP99Ms = warm.p99Ms;
    metrics.firstCallP50Ms = warm.p50Ms;
    metrics.firstCallCpuMs = warm.cpuMsPerCall;

    const servers = {
      info: await server('info', 'info', opts.port),
      warn: await server('warn', 'warn', opts.port + 1),
    };
    const token = [ctx.tokens[0]];
    try {
      for (const [level, { url }] of Object.entries(servers)) {
        for (const c of CALLS) {
          const probe = await fetch(`${url}${c.path}`, { headers: { authorization: `Bearer ${token[0]}` } });
          if (probe.status !== 200) throw new Error(`${level} ${c.path} probe answered ${probe.status}`);
          await probe.arrayBuffer();
        }
        await expectMemberData(url, token[0]);
      }
      await shapeTheFloor(opts.bareUrl, `${servers.warn.url}${CALLS[0].path}`, token[0]);
      const shares: Record<string, number[]> = {};
      const cpus: Record<string, number[]> = {};
      const keep = (into: Record<string, number[]>, key: string, value: number) => {
        into[key] = [...(into[key] ?? []), value];
      };
      // One slice of a target, with the CPU of the process that answered it over its timed part; warmed only at its
      // first turn of a call (the client's 2 s warm-up would otherwise double the section's time).
      const sliceSeconds = Math.max(1, Math.round(durationSeconds / SLICES));
      const runSlice = async (target: Target, warm: boolean) => {
        const cpuNow = () => processCpuMs(target.pid) * 1000;
        let from = cpuNow();
        const r = await ctx.load({
          label: target.label,
          baseUrl: target.url,
          requests: [{ path: target.path }],
          tokens: target.tokens,
          connections,
          durationSeconds: sliceSeconds,
          warmUp: warm,
          onMeasuring: () => (from = cpuNow()),
        });
        if (r.non2xx > 0 || r.errors > 0) notes.push(...loadNotes(r));
        return { r, slice: { requests: r.requests, seconds: r.durationSeconds, cpuUs: cpuNow() - from } };
      };
      for (let round = 1; round <= opts.rounds; round++) {
        for (const c of CALLS) {
          // The yardstick and the call in turns of short slices: the machine's speed drifts within seconds.
          const targets: Target[] = [
            {
              key: 'bare',
              label: `round ${round}: bare Fastify GET /bare`,
              url: opts.bareUrl,
              path: '/bare',
              tokens: false,
              pid: opts.barePid,
            },
            ...(c === CALLS[0]
              ? // The same answer as AuthMemberDto's, to a request with the same token, from the bare process: the floor.
                [
                  {
                    key: 'authMemberAnswerFloor',
                    label: `round ${round}: bare Fastify, AuthMemberDto's answer`,
                    url: opts.bareUrl,
                    path: '/shaped',
                    tokens: token,
                    pid: opts.barePid,
                  },
                ]
              : []),
            ...LEVELS.map((level) => ({
              key: `${c.key}${level === 'info' ? 'Info' : 'Warn'}`,
              label: `round ${round}: GET ${c.path} at ${level}`,
              url: servers[level].url,
              path: c.path,
              tokens: token,
              pid: servers[level].pid,
            })),
          ];
          const slices = new Map<string, Slice[]>(targets.map((t) => [t.key, []]));
          const p99 = new Map<string, number[]>();
          const at = load1();
          for (let turn = 0; turn < SLICES; turn++)
            for (const target of turnOrder(targets, turn)) {
              const { r, slice } = await runSlice(target, turn === 0);
              slices.get(target.key)?.push(slice);
              p99.set(target.key, [...(p99.get(target.key) ?? []), r.p99Ms]);
            }
          const bare = slices.get('bare') ?? [];
          const bareRate = rateOf(bare);
          keep(cpus, 'bareCpuUs', Math.round(cpuPerCall(bare)));
          detail.push(
            `round ${round} bare, beside ${c.key}: ${Math.round(bareRate)} req/s over its slices (${bare.map((s) => Math.round(s.requests / s.seconds)).join(', ')}), ${Math.round(cpuPerCall(bare))} µs of CPU a call (load ${at})`,
          );
          for (const target of targets.slice(1)) {
            const own = slices.get(target.key) ?? [];
            const { share, lowest, highest } = sliceShare(own, bare);
            const cpuUs = Math.round(cpuPerCall(own));
            keep(shares, `${target.key}Percent`, share);
            keep(cpus, `${target.key}CpuUs`, cpuUs);
            // Short slices' p99s read higher than the 10 s runs' did (decision 1196): the figure is the median slice's.
            const p99s = p99.get(target.key) ?? [];
            if (target.key !== 'authMemberAnswerFloor')
              metrics[`${target.key}P99Ms`] = Math.max(metrics[`${target.key}P99Ms`] ?? 0, median(p99s));
            detail.push(
              `round ${round} ${target.key}: ${round1(share)}% of bare (slices ${round1(lowest)}-${round1(highest)}%), ${cpuUs} µs of CPU a call, p99 ${median(p99s)} ms (slices ${Math.min(...p99s)}-${Math.max(...p99s)} ms)`,
            );
          }
        }
      }
      for (const [key, values] of Object.entries(cpus)) metrics[key] = median(values);
      for (const [key, values] of Object.entries(shares)) metrics[key] = round1(median(values));
      const infoLines = statSync(servers.info.logFile).size;
      notes.unshift(
        `One member's token (${token[0].slice(0, 12)}...) on every signed-in call; ${opts.rounds} rounds of, for each call: ${SLICES} turns of ${sliceSeconds} s slices of the bare route and the call at info and at warn, in an order rotated at each turn; each share is the call's requests a second over its slices against the bare route's over the slices of the same turns (${connections} connections). The info server's log file grew to ${Math.round(infoLines / 1024 / 1024)} MB.`,
        `The servers: apps/server/dist/server.js as npm start runs it, each in a process of its own${ctx.db.kind === 'postgres' ? ", on the bench's PostgreSQL database" : ", each on its own copy of the bench's PGlite"} (decision 1190). Where their time goes: npm run profile:server -w bench.`,
        `CPU a call (…CpuUs, medians): the answering process's own, from /proc${ctx.db.kind === 'postgres' ? "; PostgreSQL's own CPU is not in it" : ', PGlite included'}.`,
        `authMemberAnswerFloorPercent: the bare process answering AuthMemberDto's own body and headers to a request with the same token, as a share of the bare route: the most any pipeline could reach with that answer (no goal; it bounds the goals).`,
        ...detail,
      );
    } finally {
      await servers.info.close();
      await servers.warn.close();
    }
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
  return { metrics, notes };
}
