import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBareServer } from './lib/bare';
import { compiledProfile, serversToCompare } from './lib/compiled-server';
import { PROFILED_CALLS, pickToken, prepareDemo, startDemoServer } from './lib/demo-server';
import { runLoad } from './lib/load';
import { listShares } from './lib/profile';

/**
 * `npm run profile:server -w bench` (issue 33): the compiled server (`apps/server/dist/server.js`, as `npm start` runs
 * it) in a process of its own on a demo-seeded PGlite, side by side in one run with the bare Fastify route in another
 * process: rounds of the measured calls at LOG_LEVEL=info and warn, then, per level, a separate run under
 * `node --cpu-prof` whose profile is summarised (the profiler slows the server, so it never feeds the shares).
 * Settings: PROFILE_SERVERS, PROFILE_PORT (default 3520; uses +1 and +2 on), PROFILE_ROUNDS (2), PROFILE_DURATION (10 s),
 * PROFILE_LEVELS (info,warn), PROFILE_KEEP=1 keeps the profiles and logs, PROFILE_DATABASE_URL (PostgreSQL, one server).
 */
const SERVERS = serversToCompare(process.env.PROFILE_SERVERS);
const PORT = Number(process.env.PROFILE_PORT ?? 3520);
const BARE_PORT = PORT + 1;
const portOf = (index: number) => PORT + 2 + index;
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 2);
const DURATION = Number(process.env.PROFILE_DURATION ?? 10);
const LEVELS = (process.env.PROFILE_LEVELS ?? 'info,warn').split(',');
const CONNECTIONS = 50;
const load1 = () => loadavg()[0].toFixed(2);
const log = (line: string) => console.log(`[profile] ${line}`);

async function main() {
  for (const server of SERVERS)
    if (!existsSync(server.path)) throw new Error(`${server.path} is missing: run \`npm run build:if-changed\` first`);
  const work = mkdtempSync(join(tmpdir(), 'portico-server-profile-'));
  const bare = await startBareServer(BARE_PORT);
  try {
    // One database per server (PGlite is one process's), each seeded alike; tokens name each server's own issuer.
    const tokens = new Map<string, string[]>();
    for (const server of SERVERS) {
      const dataDir = join(work, `data-${server.name}`);
      mkdirSync(dataDir);
      tokens.set(server.name, await prepareDemo(dataDir, portOf(server.index)));
    }
    for (const level of LEVELS) {
      const running = [];
      for (const server of SERVERS) {
        const started = await startDemoServer(server, {
          port: portOf(server.index),
          dataDir: join(work, `data-${server.name}`),
          level,
          logFile: join(work, `${server.name}-${level}.log`),
          nodeArgs: ['--enable-source-maps'],
        });
        running.push({ ...server, ...started, token: await pickToken(started.url, tokens.get(server.name) ?? []) });
      }
      try {
        // Each server's own start-up work (the demo's first jobs) and the JIT's warm-up are not measured: a first pass.
        for (const server of running)
          for (const c of PROFILED_CALLS)
            await runLoad({
              label: 'settle',
              baseUrl: server.url,
              requests: [{ path: c.path }],
              tokens: [server.token],
              connections: CONNECTIONS,
              durationSeconds: 3,
            });
        const shares = new Map<string, number[]>();
        for (let round = 1; round <= ROUNDS; round++) {
          const at = load1();
          const floor = await runLoad({
            label: 'bare',
            baseUrl: bare.url,
            requests: [{ path: '/bare' }],
            tokens: false,
            connections: CONNECTIONS,
            durationSeconds: DURATION,
          });
          log(`${level} round ${round} bare: ${Math.round(floor.requestsPerSecond)} req/s, p99 ${floor.p99Ms} ms (load ${at})`);
          for (const c of PROFILED_CALLS) {
            for (const server of running) {
              const before = load1();
              const r = await runLoad({
                label: c.key,
                baseUrl: server.url,
                requests: [{ path: c.path }],
                tokens: [server.token],
                connections: CONNECTIONS,
                durationSeconds: DURATION,
              });
              const share = (r.requestsPerSecond / floor.requestsPerSecond) * 100;
              const key = `${server.name} ${c.key}`;
              shares.set(key, [...(shares.get(key) ?? []), share]);
              const bad = r.non2xx + r.errors;
              log(
                `${level} round ${round} ${key}: ${Math.round(r.requestsPerSecond)} req/s = ${share.toFixed(1)}% of bare, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (load ${before})${bad ? `, ${bad} not 2xx or failed` : ''}`,
              );
            }
          }
        }
        for (const [key, values] of shares) {
          const sorted = [...values].sort((a, b) => a - b);
          log(
            `${level} ${key}: median share ${sorted[Math.floor(sorted.length / 2)].toFixed(1)}% (${sorted.map((v) => v.toFixed(1)).join(', ')})`,
          );
        }
      } finally {
        for (const server of running) await server.close();
      }
      for (const server of SERVERS) {
        const logFile = join(work, `${server.name}-${level}.log`);
        const lines = readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('{')).length;
        log(`${level} ${server.name}: wrote ${lines} JSON log lines (${Math.round(statSync(logFile).size / 1024)} KB)`);
      }

      // The profiled runs: each server in its own process again, AuthMemberDto only, the profile written at the SIGTERM.
      for (const server of SERVERS) {
        const profileDir = join(work, `profile-${server.name}-${level}`);
        const port = portOf(server.index);
        const profiled = await startDemoServer(server, {
          port,
          dataDir: join(work, `data-${server.name}`),
          level,
          logFile: join(work, `${server.name}-${level}-profiled.log`),
          nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--enable-source-maps'],
        });
        let code: number | null;
        let skipMs = 0;
        try {
          const token = await pickToken(profiled.url, tokens.get(server.name) ?? []);
          skipMs = Date.now() - profiled.spawnedAt;
          const at = load1();
          const r = await runLoad({
            label: 'profiled',
            baseUrl: profiled.url,
            requests: [{ path: PROFILED_CALLS[0].path }],
            tokens: [token],
            connections: CONNECTIONS,
            durationSeconds: DURATION,
          });
          log(`${level} ${server.name} profiled AuthMemberDto: ${Math.round(r.requestsPerSecond)} req/s under the profiler (load ${at})`);
        } finally {
          code = await profiled.close();
        }
        const summary = compiledProfile(profileDir, skipMs, `the server exited with ${code}`);
        const tag = `${level} ${server.name}`;
        log(
          `${tag} CPU profile of the compiled server (${summary.totalMs} ms sampled, start-up left out): by package: ${listShares(summary.byPackage)}`,
        );
        log(`${tag} by function: ${listShares(summary.byFunction)}`);
        log(`${tag} inclusive: ${listShares(summary.inclusive.sort((a, b) => b.percent - a.percent))}`);
      }
    }
  } finally {
    await bare.close();
    if (process.env.PROFILE_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    else log(`kept ${work}`);
  }
}

await main();
