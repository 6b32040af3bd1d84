import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../apps/server/src/config';
import { loadNotes } from './auth-member';
import { shapeTheFloor } from './bare';
import { buildServerIfChanged, databaseFor, startCompiledServer } from './compiled-server';
import { processCpuMs } from './cpu';
import type { Goal, ScenarioContext, ScenarioResult } from './scenario';

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
      // One measured run, with the CPU a call of the process that answered it over its timed part.
      const run = async (label: string, baseUrl: string, path: string, tokens: string[] | false, pid: number | undefined) => {
        const at = load1();
        const cpuNow = () => processCpuMs(pid) * 1000;
        let from = cpuNow();
        const r = await ctx.load({
          label,
          baseUrl,
          requests: [{ path }],
          tokens,
          connections,
          durationSeconds,
          onMeasuring: () => (from = cpuNow()),
        });
        return { r, at, cpuUs: Math.round((cpuNow() - from) / r.requests) };
      };
      for (let round = 1; round <= opts.rounds; round++) {
        for (const c of CALLS) {
          // The yardstick just before each call's pair of runs: the machine's speed drifts over a round (decision 1189).
          const bare = await run(`round ${round}: bare Fastify GET /bare`, opts.bareUrl, '/bare', false, opts.barePid);
          keep(cpus, 'bareCpuUs', bare.cpuUs);
          detail.push(
            `round ${round} bare: ${Math.round(bare.r.requestsPerSecond)} req/s, ${bare.cpuUs} µs of CPU a call (load ${bare.at})`,
          );
          notes.push(...loadNotes(bare.r));
          if (c === CALLS[0]) {
            // The same answer as AuthMemberDto's, to a request with the same token, from the bare process: the floor.
            const floor = await run(`round ${round}: bare Fastify, AuthMemberDto's answer`, opts.bareUrl, '/shaped', token, opts.barePid);
            const floorShare = (floor.r.requestsPerSecond / bare.r.requestsPerSecond) * 100;
            keep(shares, 'authMemberAnswerFloorPercent', floorShare);
            keep(cpus, 'authMemberAnswerFloorCpuUs', floor.cpuUs);
            detail.push(
              `round ${round} bare with AuthMemberDto's answer: ${Math.round(floor.r.requestsPerSecond)} req/s = ${round1(floorShare)}% of bare, ${floor.cpuUs} µs a call (load ${floor.at})`,
            );
          }
          for (const level of LEVELS) {
            const { r, at, cpuUs } = await run(
              `round ${round}: GET ${c.path} at ${level}`,
              servers[level].url,
              c.path,
              token,
              servers[level].pid,
            );
            const share = (r.requestsPerSecond / bare.r.requestsPerSecond) * 100;
            const key = `${c.key}${level === 'info' ? 'Info' : 'Warn'}`;
            keep(shares, `${key}Percent`, share);
            keep(cpus, `${key}CpuUs`, cpuUs);
            detail.push(
              `round ${round} ${c.key} ${level}: ${Math.round(r.requestsPerSecond)} req/s = ${round1(share)}% of bare, ${cpuUs} µs of CPU a call, p99 ${r.p99Ms} ms (load ${at})`,
            );
            notes.push(...loadNotes(r).slice(1));
            if (r.non2xx > 0 || r.errors > 0) notes.push(...loadNotes(r));
            metrics[`${key}P99Ms`] = Math.max(metrics[`${key}P99Ms`] ?? 0, r.p99Ms);
          }
        }
      }
      for (const [key, values] of Object.entries(cpus)) metrics[key] = median(values);
      for (const [key, values] of Object.entries(shares)) metrics[key] = round1(median(values));
      const infoLines = statSync(servers.info.logFile).size;
      notes.unshift(
        `One member's token (${token[0].slice(0, 12)}...) on every signed-in call; ${opts.rounds} rounds of, for each call: the bare route, then the call at info and at warn, each share against the bare run just before it (${durationSeconds} s each, ${connections} connections). The info server's log file grew to ${Math.round(infoLines / 1024 / 1024)} MB.`,
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
