import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/index';
import { type FrameGroups, type ProfileSummary, summariseProfile } from './profile';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = join(ROOT, 'apps/server/dist/server.js');
const READY_WITHIN_MS = 180_000;
/** What `apps/server/src/main.ts` prints on its standard output once the server listens. */
const LISTENING = 'Portico is running at';

export interface CompiledServer {
  url: string;
  /** The server's own process (Node, no wrapper), for its CPU time. */
  pid: number;
  /** Where its standard output (its log lines) went. */
  logFile: string;
  /** When the process was spawned (`Date.now()`): a CPU profile's start-up is the time until the first measured call. */
  spawnedAt: number;
  /** Ends the process with SIGTERM (its profile, if any, is written then) and answers its exit code. */
  close(): Promise<number | null>;
}

/**
 * The builds to measure side by side (`PROFILE_SERVERS`): `name=path` pairs, paths from the repository's root, e.g.
 * `before=apps/server/.ab/before/server.js,after=apps/server/dist/server.js` (a copy of a build must stay under
 * `apps/server`, where its packages are found). Node's own flags for one of them follow its path after `+` signs
 * (`semi=apps/server/dist/server.js+--max-semi-space-size=64`). By default the current build alone.
 */
export function serversToCompare(
  spec = 'compiled=apps/server/dist/server.js',
): Array<{ name: string; path: string; nodeArgs: string[]; index: number }> {
  return spec.split(',').map((pair, index) => {
    const at = pair.indexOf('=');
    const [path, ...nodeArgs] = pair.slice(at + 1).split('+');
    return { name: pair.slice(0, at), path: join(ROOT, path), nodeArgs, index };
  });
}

const inBundle = (url: string) => /\/dist[^/]*\/main\.js$/.test(url);

/**
 * Where a compiled server's time goes, inclusive of what each part calls (a sample counts once per group). The app is
 * one bundle (`dist/main.js`): its own parts are told by their function names there, the packages by their paths.
 */
export const COMPILED_GROUPS: FrameGroups = {
  'request logs (pino, sonic-boom)': (url) => /\/(pino|sonic-boom|pino-std-serializers)\//.test(url),
  'security headers (helmet)': (url) => url.includes('/helmet/'),
  'metrics (prom-client)': (url) => url.includes('/prom-client/'),
  'zod parsing': (url) => url.includes('/zod/'),
  'answer serialisation (fast-json-stringify)': (url) => url.includes('/fast-json-stringify/'),
  'token signature (fast-jwt, jose, node:crypto)': (url) => /\/(fast-jwt|jose)\/|^node:internal\/crypto\//.test(url),
  'token check (principalFor, embeddedClaimsOf, verifiedClaims)': (url, fn) =>
    inBundle(url) && /^(principalFor|embeddedClaimsOf|verifiedClaims)$/.test(fn),
  'route handler (lib/route.ts: gates, parse, guard)': (url, fn) => inBundle(url) && fn === 'handler',
  'Portico code (dist/main.js, inclusive)': inBundle,
  'PGlite (queries)': (url) => url.includes('pglite') || url.startsWith('wasm://'),
  'HTTP server (node:_http_*, net)': (url) => /^node:(_http_|net|internal\/stream)/.test(url),
  fastify: (url) => url.includes('/node_modules/fastify/'),
};

/**
 * The profile a compiled server run with `--cpu-prof-dir=profileDir` wrote at its exit, summarised by COMPILED_GROUPS
 * from `skipMs` after its start on. `why` says why a missing profile is missing (the server's exit, say).
 */
export function compiledProfile(profileDir: string, skipMs: number, why = ''): ProfileSummary {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile written in ${profileDir}${why ? ` (${why})` : ''}`);
  return summariseProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), COMPILED_GROUPS, skipMs);
}

/** Builds the server (and the web app) when their sources changed since the last build, as `npm start` does. */
export function buildServerIfChanged(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--build-only'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * A database of its own for one compiled server (decision 1190): on PGlite, a copy of the bench's data directory
 * taken after a checkpoint (one process per PGlite directory); on PostgreSQL, the bench's own database.
 */
export async function databaseFor(
  config: Config,
  db: Db,
  workDir: string,
  name: string,
): Promise<{ dataDir: string; databaseUrl: string }> {
  const dataDir = join(workDir, name);
  if (db.kind === 'postgres') {
    mkdirSync(dataDir, { recursive: true });
    return { dataDir, databaseUrl: config.databaseUrl ?? '' };
  }
  if (!existsSync(dataDir)) {
    await db.query('CHECKPOINT');
    cpSync(config.dataDir, dataDir, { recursive: true });
  }
  return { dataDir, databaseUrl: '' };
}

/** An environment less any `OIDC_` setting: the bench's tokens are the embedded provider's, whatever the shell says. */
export function withoutExternalProvider(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('OIDC_')));
}

/**
 * A compiled server's environment: the bench's, less any `OIDC_` setting (an external provider's: with
 * `OIDC_ISSUER` set, a server takes the bench's tokens for another provider's and finds no member by them), with the
 * bench's public URL, so that the embedded provider's issuer (made from it) is the bench tokens' issuer.
 */
export function serverEnv(
  config: Pick<Config, 'publicUrl'>,
  database: { dataDir: string; databaseUrl: string },
  level: string,
  port: number,
  bench: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  return {
    ...withoutExternalProvider(bench),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: config.publicUrl,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: level,
    SEED_DEMO: 'true',
  };
}

/**
 * `apps/server/dist/server.js` as `npm start` runs it, in a process of its own, at `level`, its log lines to a file.
 * Its environment is `serverEnv`'s: the bench's tokens are its own; `JOBS`, `RATE_LIMITS` and the rest are the bench's.
 */
export async function startCompiledServer(options: {
  config: Pick<Config, 'publicUrl'>;
  database: { dataDir: string; databaseUrl: string };
  level: string;
  port: number;
  logFile: string;
  /** Another build's `server.js` (`npm run profile:server`'s PROFILE_SERVERS); `apps/server/dist/server.js` by default. */
  server?: string;
  /** Node's own options before the script, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** A command that runs Node (its path and the script follow), e.g. valgrind's (`profile:instructions`). */
  wrapper?: string[];
  readyWithinMs?: number;
}): Promise<CompiledServer> {
  const { config, database, level, port, logFile } = options;
  const env = serverEnv(config, database, level, port, process.env);
  // Log files are appended to: the first-calls servers share one. Only what this process writes announces it.
  const from = existsSync(logFile) ? statSync(logFile).size : 0;
  const out = openSync(logFile, 'a');
  const spawnedAt = Date.now();
  const [command, ...args] = [...(options.wrapper ?? []), process.execPath, ...(options.nodeArgs ?? []), options.server ?? SERVER];
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, 'inherit'] });
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const close = async (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    return ((await exited) as [number | null])[0];
  };
  try {
    await announced(logFile, from, child, options.readyWithinMs);
    const ready = await fetch(`${url}/readyz`);
    if (!ready.ok) throw new Error(`/readyz answered ${ready.status}`);
  } catch (error) {
    // Whatever failed, the process does not outlive the attempt (it would hold the port and keep the bench alive).
    await close();
    throw new Error(`the compiled server on port ${port} did not start: ${(error as Error).message}`);
  }
  return { url, pid: child.pid ?? 0, logFile, spawnedAt, close };
}

/**
 * Resolves when the server has written the line `main.ts` prints once it listens ("Portico is running at") into its
 * log file after byte `from` (what was there before it started is an earlier process's), woken by each change of the
 * file; rejects when the process ends first or the line does not come within `withinMs`.
 */
export async function announced(logFile: string, from: number, child: ChildProcess, withinMs = READY_WITHIN_MS): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      watcher.close();
      clearTimeout(timer);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (readFileSync(logFile).subarray(from).toString('utf8').includes(LISTENING)) finish();
    };
    const onExit = (code: number | null) => finish(new Error(`it ended (${code}) before it listened`));
    // Watching starts before the first look, so that a line written in between still wakes it.
    const watcher = watch(logFile, check);
    const timer = setTimeout(() => finish(new Error(`it did not listen within ${withinMs / 1000} s`)), withinMs);
    child.once('exit', onExit);
    check();
  });
}
