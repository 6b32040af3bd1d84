import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/open';
import {
  type CompiledServer,
  compiledProfile,
  serversToCompare,
  startCompiledServer,
  withoutExternalProvider,
} from './lib/compiled-server';
import { processCpuMs } from './lib/cpu';
import { runLoad } from './lib/load';
import { listShares } from './lib/profile';
import { mintTokens } from './lib/tokens';

/**
 * `npm run profile:first-calls -w bench` (issue 33): the first call of tokens never seen before, as the pipeline
 * section measures it (a fresh compiled server warmed by other members' calls, then each token once at 50
 * connections), for builds side by side: their runs interleaved (before, after, after, before, ...), since this
 * machine's speed drifts more between runs than most changes move the figure (decision 1191). Every run is on the
 * same copy of the scaled database with the same tokens. With PROFILE_CPU=1, one more run per build under
 * `node --cpu-prof`, summarised over the measured calls only.
 * Settings: PROFILE_SERVERS (as `profile:server`), PROFILE_ROUNDS (4), PROFILE_PORT (3530), PROFILE_CPU,
 * FIRST_CALLS_DATA (a PGlite data directory; by default the bench's newest cached one: run `npm run bench` first),
 * FIRST_CALLS_DATABASE_URL (PostgreSQL instead).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVERS = serversToCompare(process.env.PROFILE_SERVERS);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 4);
const PORT = Number(process.env.PROFILE_PORT ?? 3530);
const TOKENS = 2000;
const WARM_UP_TOKENS = 200;
const CONNECTIONS = 50;
const PATH = '/api/app/Members/AuthMemberDto';
const log = (line: string) => console.log(`[first-calls] ${line}`);

/** The bench's newest cached PGlite (`bench/.cache/pglite-<key>`), where the scaled members are. */
function newestBenchData(): string {
  const cache = join(ROOT, 'bench/.cache');
  const dirs = existsSync(cache)
    ? readdirSync(cache).filter((d) => d.startsWith('pglite-') && existsSync(join(cache, d, 'ready.json')))
    : [];
  const newest = dirs.map((d) => join(cache, d)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error('no scaled PGlite in bench/.cache: run `npm run bench` once, or set FIRST_CALLS_DATA');
  return newest;
}

interface Run {
  cpuMs: number;
  p50Ms: number;
  p99Ms: number;
}

/** One fresh server: warmed by other members' calls, then each measured token once. */
async function firstCalls(server: CompiledServer, tokens: string[], warmUpTokens: string[], onMeasuring = () => {}): Promise<Run> {
  let cpu = 0;
  const r = await runLoad({
    label: 'first calls',
    baseUrl: server.url,
    requests: [{ path: PATH }],
    tokens,
    amount: tokens.length,
    warmUpTokens,
    connections: CONNECTIONS,
    onMeasuring: () => {
      cpu = processCpuMs(server.pid);
      onMeasuring();
    },
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} answers not 2xx and ${r.errors} errors: ${JSON.stringify(r.statusCodes)}`);
  return { cpuMs: (processCpuMs(server.pid) - cpu) / r.requests, p50Ms: r.p50Ms, p99Ms: r.p99Ms };
}

const range = (values: number[], digits: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return `${sorted[0].toFixed(digits)}-${sorted[sorted.length - 1].toFixed(digits)} (mean ${mean.toFixed(digits)})`;
};

async function main() {
  for (const server of SERVERS)
    if (!existsSync(server.path)) throw new Error(`${server.path} is missing: run \`npm run build:if-changed\` first`);
  const work = mkdtempSync(join(tmpdir(), 'portico-first-calls-'));
  const databaseUrl = process.env.FIRST_CALLS_DATABASE_URL ?? '';
  const dataDir = join(work, 'data');
  if (!databaseUrl) cpSync(process.env.FIRST_CALLS_DATA ?? newestBenchData(), dataDir, { recursive: true });
  const config = loadConfig({
    ...withoutExternalProvider(process.env),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  });
  const database = { dataDir, databaseUrl };
  try {
    const db = await openDatabase(config);
    const { tokens } = await mintTokens(db, config, WARM_UP_TOKENS + TOKENS).finally(() => db.close());
    const [warmUp, measured] = [tokens.slice(0, WARM_UP_TOKENS), tokens.slice(WARM_UP_TOKENS)];
    const start = (server: (typeof SERVERS)[number], nodeArgs: string[] = []) =>
      startCompiledServer({
        config,
        database,
        level: 'warn',
        port: PORT,
        logFile: join(work, `${server.name}.log`),
        server: server.path,
        nodeArgs: [...server.nodeArgs, ...nodeArgs],
      });
    const runs = new Map<string, Run[]>(SERVERS.map((s) => [s.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const server of round % 2 ? SERVERS : [...SERVERS].reverse()) {
        const running = await start(server);
        try {
          const at = loadavg()[0].toFixed(2);
          const run = await firstCalls(running, measured, warmUp);
          runs.get(server.name)?.push(run);
          log(
            `round ${round} ${server.name}: ${run.cpuMs.toFixed(3)} ms of CPU a call, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms (load ${at})`,
          );
        } finally {
          await running.close();
        }
      }
    }
    for (const [name, list] of runs)
      log(
        `${name}: CPU a call ${range(
          list.map((r) => r.cpuMs),
          3,
        )} ms; p50 ${range(
          list.map((r) => r.p50Ms),
          0,
        )} ms; p99 ${range(
          list.map((r) => r.p99Ms),
          0,
        )} ms`,
      );
    if (process.env.PROFILE_CPU !== '1') return;
    for (const server of SERVERS) {
      const profileDir = join(work, `profile-${server.name}`);
      const running = await start(server, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
      let skipMs = 0;
      try {
        await firstCalls(running, measured, warmUp, () => {
          skipMs = Date.now() - running.spawnedAt;
        });
      } finally {
        await running.close();
      }
      const summary = compiledProfile(profileDir, skipMs, server.name);
      log(
        `${server.name} profile (${summary.totalMs} ms sampled from the first measured call; idle counts): ${listShares(summary.byPackage)}`,
      );
      log(`${server.name} by function: ${listShares(summary.byFunction)}`);
      log(`${server.name} inclusive: ${listShares(summary.inclusive.sort((a, b) => b.percent - a.percent))}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
