import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/open';
import { loadIdentityKeys } from '../apps/server/src/identity/keys';
import { seedDemoIfEmpty } from '../apps/server/src/seed/index';
import { startBareServer } from './lib/bare';
import { runLoad } from './lib/load';
import { PROFILE_GROUPS } from './lib/pipeline';
import { type FrameGroups, summariseProfile } from './lib/profile';
import { tokenSigner } from './lib/tokens';

/**
 * `npm run profile:server -w bench` (issue 33): the compiled server (`apps/server/dist/server.js`, as `npm start` runs
 * it) in a process of its own on a demo-seeded PGlite, side by side in one run with the bare Fastify route in another
 * process: rounds of the measured calls at LOG_LEVEL=info and warn, then, per level, a separate run under
 * `node --cpu-prof` whose profile is summarised (the profiler slows the server, so it never feeds the shares).
 * Settings: PROFILE_PORT (default 3520; uses +0..+1), PROFILE_ROUNDS (2), PROFILE_DURATION (10 s), PROFILE_LEVELS.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'apps/server/dist/server.js');
const PORT = Number(process.env.PROFILE_PORT ?? 3520);
const BARE_PORT = PORT + 1;
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 2);
const DURATION = Number(process.env.PROFILE_DURATION ?? 10);
const LEVELS = (process.env.PROFILE_LEVELS ?? 'info,warn').split(',');
const CONNECTIONS = 50;
const CALLS = [
  { key: 'AuthMemberDto', path: '/api/app/Members/AuthMemberDto' },
  { key: 'SystemNotifications', path: '/api/app/SystemNotifications' },
  { key: 'AudienceApplications', path: '/api/app/AudienceApplications/' },
  { key: 'GenericContainers', path: '/api/app/GenericContainers/' },
];
const load1 = () => loadavg()[0].toFixed(2);
const log = (line: string) => console.log(`[profile] ${line}`);

/** The compiled code is one bundle: the app's own parts are told by their function names there. */
const COMPILED_GROUPS: FrameGroups = {
  ...PROFILE_GROUPS,
  'token check (principalFor, verifiedPrincipal)': (url, fn) =>
    url.endsWith('dist/main.js') && /^(principalFor|verifiedPrincipal|verifiedClaims)$/.test(fn),
  'route handler (lib/route.ts: gates, parse, guard)': (url, fn) => url.endsWith('dist/main.js') && fn === 'handler',
  'Portico code (dist/main.js, inclusive)': (url) => url.endsWith('dist/main.js'),
  fastify: (url) => url.includes('/node_modules/fastify/'),
};

const env = (dataDir: string, level: string): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OIDC_'))),
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: level,
  SEED_DEMO: 'true',
});

/** A demo-seeded PGlite and the token of a member every measured call answers 200 for (no EULA or password due). */
async function prepare(dataDir: string): Promise<string[]> {
  const config = loadConfig(env(dataDir, 'warn'));
  const db = await openDatabase(config);
  try {
    await seedDemoIfEmpty(db, config.mlsTimeZone);
    await loadIdentityKeys(db);
    const rows = await db.query<{ id: number }>(
      `SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id
       WHERE NOT m.required_password_update ORDER BY a.id LIMIT 40`,
    );
    const sign = await tokenSigner(db, config);
    return Promise.all(rows.map((r) => sign(r.id)));
  } finally {
    await db.close();
  }
}

async function startServer(dataDir: string, level: string, logFile: string, profileDir?: string) {
  const spawnedAt = Date.now();
  const out = openSync(logFile, 'a');
  const args = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--enable-source-maps', SERVER];
  const child: ChildProcess = spawn(process.execPath, args, { env: env(dataDir, level), stdio: ['ignore', out, 'inherit'] });
  closeSync(out);
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the compiled server ended (${child.exitCode}) before it was ready`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, url, spawnedAt };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the compiled server was not ready in 120 s');
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  return ((await exited) as [number | null])[0];
}

/** A member every call answers 200 for. */
async function pickToken(url: string, tokens: string[]): Promise<string> {
  for (const token of tokens) {
    const statuses = await Promise.all(
      CALLS.map((c) => fetch(`${url}${c.path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)),
    );
    if (statuses.every((s) => s === 200)) return token;
  }
  throw new Error('no demo member is answered 200 by every measured call');
}

const list = (items: Array<{ where: string; percent: number }>) => items.map((i) => `${i.where} ${i.percent}%`).join(', ');

async function main() {
  if (!existsSync(SERVER)) throw new Error('apps/server/dist/server.js is missing: run `npm run build:if-changed` first');
  const work = mkdtempSync(join(tmpdir(), 'portico-server-profile-'));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const bare = await startBareServer(BARE_PORT);
  try {
    const tokens = await prepare(dataDir);
    for (const level of LEVELS) {
      const logFile = join(work, `${level}.log`);
      const { child, url } = await startServer(dataDir, level, logFile);
      try {
        const token = await pickToken(url, tokens);
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
          for (const c of CALLS) {
            const before = load1();
            const r = await runLoad({
              label: c.key,
              baseUrl: url,
              requests: [{ path: c.path }],
              tokens: [token],
              connections: CONNECTIONS,
              durationSeconds: DURATION,
            });
            const share = (r.requestsPerSecond / floor.requestsPerSecond) * 100;
            shares.set(c.key, [...(shares.get(c.key) ?? []), share]);
            const bad = r.non2xx + r.errors;
            log(
              `${level} round ${round} ${c.key}: ${Math.round(r.requestsPerSecond)} req/s = ${share.toFixed(1)}% of bare, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (load ${before})${bad ? `, ${bad} not 2xx or failed` : ''}`,
            );
          }
        }
        for (const [key, values] of shares) {
          const sorted = [...values].sort((a, b) => a - b);
          log(
            `${level} ${key}: median share ${sorted[Math.floor(sorted.length / 2)].toFixed(1)}% (${sorted.map((v) => v.toFixed(1)).join(', ')})`,
          );
        }
      } finally {
        await stop(child);
      }
      const lines = readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{')).length;
      log(`${level}: the server wrote ${lines} JSON log lines (${Math.round(statSync(logFile).size / 1024)} KB)`);

      // The profiled run: its own server process, AuthMemberDto only, the profile written at the SIGTERM.
      const profileDir = join(work, `profile-${level}`);
      const profiled = await startServer(dataDir, level, join(work, `${level}-profiled.log`), profileDir);
      let code: number | null;
      let skipMs = 0;
      try {
        const token = await pickToken(profiled.url, tokens);
        skipMs = Date.now() - profiled.spawnedAt;
        const at = load1();
        const r = await runLoad({
          label: 'profiled',
          baseUrl: profiled.url,
          requests: [{ path: CALLS[0].path }],
          tokens: [token],
          connections: CONNECTIONS,
          durationSeconds: DURATION,
        });
        log(`${level} profiled AuthMemberDto: ${Math.round(r.requestsPerSecond)} req/s under the profiler (load ${at})`);
      } finally {
        code = await stop(profiled.child);
      }
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no .cpuprofile written (the server exited with ${code})`);
      const summary = summariseProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), COMPILED_GROUPS, skipMs);
      log(
        `${level} CPU profile of the compiled server (${summary.totalMs} ms sampled, start-up left out): by package: ${list(summary.byPackage)}`,
      );
      log(`${level} by function: ${list(summary.byFunction)}`);
      log(`${level} inclusive: ${list(summary.inclusive.sort((a, b) => b.percent - a.percent))}`);
    }
  } finally {
    await bare.close();
    if (process.env.PROFILE_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    else log(`kept ${work}`);
  }
}

await main();
