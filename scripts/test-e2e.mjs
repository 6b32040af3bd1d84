// The journeys in Chromium: every journey on the embedded default (PGlite), then the journeys of the core data paths
// (dashboard, registered listings, support and cases, the shell) on a real PostgreSQL started here (decision 0965).
// `E2E_POSTGRES=all` runs every journey on PostgreSQL too; `E2E_POSTGRES=off` skips that pass.
// REQUIRE_POSTGRES=1 (set by .ci/run) makes a missing PostgreSQL server a failure instead of a skip.
import { spawnSync } from 'node:child_process';
import { startCluster, stopCluster } from './pg-cluster.mjs';

const CORE = ['tests/dashboard.spec.ts', 'tests/registered.spec.ts', 'tests/support.spec.ts', 'tests/shell.spec.ts'];
const playwright = (args, env = {}) =>
  spawnSync('npx', ['playwright', 'test', ...args], { cwd: 'e2e', stdio: 'inherit', env: { ...process.env, ...env } }).status;

const filters = process.argv.slice(2);
console.log('\n=== Journeys on PGlite ===');
if (playwright(filters) !== 0) process.exit(1);

const mode = process.env.E2E_POSTGRES ?? 'core';
if (mode === 'off') process.exit(0);
const cluster = startCluster(Number(process.env.E2E_PG_PORT ?? 54339));
if (!cluster) {
  const message = 'No PostgreSQL server binaries found (/usr/lib/postgresql/*/bin): the journeys on PostgreSQL were skipped.';
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(`FAIL: ${message}`);
    process.exit(1);
  }
  console.warn(`WARNING: ${message}`);
  process.exit(0);
}
// Given files (`node scripts/test-e2e.mjs tests/shell.spec.ts`) run on both databases.
const pass = mode === 'all' ? filters : ['--project=journeys', ...(filters.length > 0 ? filters : CORE)];
console.log(`\n=== Journeys on PostgreSQL (${pass.join(' ') || 'all'}) ===`);
const status = playwright(pass, { E2E_DATABASE_URL: cluster.url });
stopCluster(cluster);
process.exit(status ?? 1);
