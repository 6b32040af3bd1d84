import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath, SYSTEM_CHROMIUMS } from '../scripts/system-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
// The system's Chromium by the one rule of scripts/system-chromium.mjs: the headless shell first (decision 1165).
const chromium = chromiumPath();
if (!chromium) {
  // .ci/run installs Chromium; without it the journeys cannot run, and that is a failure, not a skip.
  throw new Error(
    process.env.CHROMIUM_PATH
      ? `Chromium not found at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}: install it there or unset CHROMIUM_PATH.`
      : `Chromium not found (${SYSTEM_CHROMIUMS.join(' or ')}): install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
}
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `portico-e2e-${port}-${Date.now()}`);
// scripts/test-e2e.mjs runs a pass per database side by side: each keeps its failures' files apart (E2E_OUTPUT).
const output = process.env.E2E_OUTPUT ?? 'default';
// scripts/test-e2e.mjs gives each database pass its share of the spec files (decision 1065): `E2E_JOURNEYS=a.spec.ts,…`.
const share = process.env.E2E_JOURNEYS?.split(',').filter(Boolean);
const fileMatch = (file: string) => new RegExp(`[\\\\/]${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export default defineConfig({
  testDir: './tests',
  // Two minutes a journey (decision 1168): on the CI kind of machine a journey with four axe scans took 40-60 s with the
  // two passes side by side, and one ran out of 60 s (CI21). A hang still fails, one minute later.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: `test-results/${output}`,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // More switches for one run, to measure their cost (`E2E_CHROMIUM_ARGS='--js-flags=--no-opt'`; docs/benchmarks.md).
        ...(process.env.E2E_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Journeys that change what every member sees (publishing a EULA version) are `*.last.spec.ts`: they run after all
  // the others, on the same server.
  projects: [
    { name: 'journeys', testIgnore: /\.last\.spec\.ts$/, ...(share ? { testMatch: share.map(fileMatch) } : {}) },
    { name: 'last', testMatch: /\.last\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  webServer: {
    // The compiled server, as in production (`npm run test:e2e` builds first when the sources changed).
    command: 'node ../apps/server/dist/server.js',
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      // The embedded PGlite unless scripts/test-e2e.mjs hands over a real PostgreSQL.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      // An answer outside its route's contract is a 500 here, not a silently dropped field (decision 1141).
      RESPONSE_CHECK: 'strict',
      // The server runs in UTC and the MLS in Los Angeles; the time-zone journey's browser is in Tokyo (decision 0969).
      TZ: 'UTC',
      MLS_TIME_ZONE: 'America/Los_Angeles',
    },
  },
});
