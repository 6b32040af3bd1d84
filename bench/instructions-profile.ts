import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { shapeTheFloor, startBareServer } from './lib/bare';
import { serversToCompare } from './lib/compiled-server';
import { PROFILED_CALLS, pickToken, prepareDemo, startDemoServer } from './lib/demo-server';
import { runLoad } from './lib/load';

/**
 * `npm run profile:instructions -w bench` (issue 33): the instructions each answer costs, counted by valgrind's
 * callgrind in the compiled servers of PROFILE_SERVERS and in the bare Fastify route, so that two builds compare
 * without this machine's speed in the figure: the same calls on the same build count the same to about 1% in one
 * process (4% across processes), where their throughput moved by half within minutes (decision 1194). Each server
 * runs under callgrind on its own demo database; each call is answered in runs of PROFILE_REQUESTS until two runs
 * count within 3% of each other (warm), then PROFILE_REPEATS more runs, the counters dumped after each
 * (`callgrind_control -d`). Counted: the server process's own instructions in user space (its JIT
 * code, Node, V8, libc, PGlite's WebAssembly), not the kernel's (the socket writes).
 * After each call of the first server, its answer's floor: the bare process answering the same body and headers to the
 * same request (`/shaped`, bench/lib/bare-process.ts), counted the same way (PROFILE_FLOORS=0: not).
 * Settings: PROFILE_SERVERS (as `profile:server`), PROFILE_PORT (3540; +1 for the bare route, +2 on for the servers),
 * PROFILE_REQUESTS (2000), PROFILE_REPEATS (3), PROFILE_LEVEL (warn), PROFILE_KEEP=1 keeps each run's counters (one
 * file a dump, for `callgrind_annotate`); JOBS off unless set. Needs valgrind (`apt-get install valgrind`).
 */
const SERVERS = serversToCompare(process.env.PROFILE_SERVERS);
const PORT = Number(process.env.PROFILE_PORT ?? 3540);
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 2000);
const REPEATS = Number(process.env.PROFILE_REPEATS ?? 3);
const LEVEL = process.env.PROFILE_LEVEL ?? 'warn';
/** PROFILE_FLOORS=0: no count of each call's floor (its answer from the bare process) after the first server's. */
const FLOORS = process.env.PROFILE_FLOORS !== '0';
/** Warm-up runs at most, before the counted ones (perRequest). */
const MAX_WARM_RUNS = 10;
/** Few connections: under callgrind a server answers a few hundred calls a second. */
const CONNECTIONS = 10;
/** A compiled server's start under callgrind (PGlite's WebAssembly compiled under the simulator) took 177 s here. */
const START_WITHIN_MS = 900_000;
const log = (line: string) => console.log(`[instructions] ${line}`);
// A job's run would be counted with the calls it ran beside: off unless asked for.
process.env.JOBS ??= 'off';

/**
 * The counters of a process under callgrind, dumped and read: each dump holds what was counted since the last.
 * Valgrind's gdbserver names its pipes after the process's HOST variable (a server's is 127.0.0.1, serverEnv), and the
 * control command finds them by its own: it is given the same.
 */
function dumpedInstructions(pid: number, outFile: string, host: string | undefined): number {
  const { HOST: _, ...env } = process.env;
  const result = spawnSync('callgrind_control', ['-d', String(pid)], { env: host ? { ...env, HOST: host } : env, encoding: 'utf8' });
  if (result.status !== 0 || !result.stdout.includes('OK'))
    throw new Error(`callgrind_control -d ${pid} failed: ${result.stdout}${result.stderr}`);
  const dir = dirname(outFile);
  const prefix = `${basename(outFile)}.`;
  const newest = readdirSync(dir)
    .filter((f) => f.startsWith(prefix))
    .sort((a, b) => Number(b.slice(prefix.length)) - Number(a.slice(prefix.length)))[0];
  const totals = /^(?:totals|summary):\s+(\d+)/m.exec(readFileSync(join(dir, newest), 'utf8'));
  if (!totals) throw new Error(`no totals in ${newest}`);
  return Number(totals[1]);
}

/** Instructions a request of `path` at `url` in each of the PROFILE_REPEATS runs after the warm-up. */
async function perRequest(
  url: string,
  path: string,
  token: string | null,
  target: { pid: number; outFile: string; host: string | undefined },
): Promise<number[]> {
  const dumped = () => dumpedInstructions(target.pid, target.outFile, target.host);
  const run = async () => {
    const r = await runLoad({
      label: path,
      baseUrl: url,
      requests: [{ path }],
      tokens: token ? [token] : false,
      amount: REQUESTS,
      warmUp: false,
      connections: CONNECTIONS,
    });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
  };
  // Warm until two runs in a row count within 3% of each other: V8 compiles the hot functions on threads that
  // callgrind counts with the process, during the first few thousand calls.
  let last = Number.POSITIVE_INFINITY;
  for (let i = 0; i < MAX_WARM_RUNS; i++) {
    await run();
    const count = dumped();
    if (Math.abs(count - last) < 0.03 * last) break;
    last = count;
  }
  const counts: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    await run();
    counts.push(dumped() / REQUESTS);
  }
  return counts;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

/** Counts a call's instructions (perRequest) and logs each counted run's. */
async function countOf(label: string, ...args: Parameters<typeof perRequest>): Promise<number[]> {
  const counts = await perRequest(...args);
  log(`${label}: ${counts.map(thousands).join(', ')} instructions a request`);
  return counts;
}

async function main() {
  if (spawnSync('valgrind', ['--version']).status !== 0) throw new Error('valgrind is missing: apt-get install valgrind');
  for (const server of SERVERS)
    if (!existsSync(server.path)) throw new Error(`${server.path} is missing: run \`npm run build:if-changed\` first`);
  const work = mkdtempSync(join(tmpdir(), 'portico-instructions-'));
  const outFileOf = (name: string) => join(work, `${name}.cg`);
  const callgrind = (name: string) => ['valgrind', '--tool=callgrind', `--callgrind-out-file=${outFileOf(name)}`];
  try {
    const bare = await startBareServer(PORT + 1, callgrind('bare'));
    const bareTarget = { pid: bare.pid ?? 0, outFile: outFileOf('bare'), host: process.env.HOST };
    try {
      const bareMedian = median(await countOf('bare route', bare.url, '/bare', null, bareTarget));
      for (const server of SERVERS) {
        const port = PORT + 2 + server.index;
        const dataDir = join(work, `data-${server.name}`);
        mkdirSync(dataDir);
        const tokens = await prepareDemo(dataDir, port);
        log(`${server.name}: starting under callgrind (minutes: PGlite's WebAssembly is compiled under the simulator)`);
        const started = await startDemoServer(server, {
          port,
          dataDir,
          level: LEVEL,
          logFile: join(work, `${server.name}.log`),
          wrapper: callgrind(server.name),
          readyWithinMs: START_WITHIN_MS,
        });
        try {
          const token = await pickToken(started.url, tokens);
          const target = { pid: started.pid, outFile: outFileOf(server.name), host: '127.0.0.1' };
          for (const call of PROFILED_CALLS) {
            const count = median(await countOf(`${server.name} ${call.key}`, started.url, call.path, token, target));
            let floor: number[] | null = null;
            if (server.index === 0 && FLOORS) {
              await shapeTheFloor(bare.url, `${started.url}${call.path}`, token);
              floor = await countOf(`the floor of ${call.key} (bare Fastify, its answer)`, bare.url, '/shaped', token, bareTarget);
            }
            log(
              `${server.name} ${call.key}: the bare route's count is ${percent(bareMedian, count)} of it` +
                (floor ? `, its answer's floor ${percent(median(floor), count)}` : ''),
            );
          }
        } finally {
          await started.close();
        }
      }
    } finally {
      await bare.close();
    }
  } finally {
    if (process.env.PROFILE_KEEP === '1') log(`kept the counters of every run (callgrind_annotate <file>) in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

await main();
