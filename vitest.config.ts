import { defineConfig } from 'vitest/config';

/**
 * The server's tests that need no database (pure rules, configuration, in-memory caches, the media stores): they run
 * once, in the unit project, instead of in each database pass of the API project (scripts/test-api.mjs runs that
 * project on PGlite and again on PostgreSQL). A new server test that opens no database belongs here (decision 1025).
 */
export const SERVER_UNIT = [
  'apps/server/src/config.test.ts',
  'apps/server/src/production.test.ts',
  'apps/server/src/lib/batch.test.ts',
  'apps/server/src/lib/change-watch.test.ts',
  'apps/server/src/lib/kept-json.test.ts',
  'apps/server/src/lib/lazy-lru.test.ts',
  'apps/server/src/lib/metrics.test.ts',
  'apps/server/src/lib/query-engine.test.ts',
  'apps/server/src/lib/route-hooks.test.ts',
  'apps/server/src/lib/sql-params.test.ts',
  'apps/server/src/lib/tick-shapes.test.ts',
  'apps/server/src/lib/trigrams.test.ts',
  'apps/server/src/identity/access-tokens.test.ts',
  'apps/server/src/plugins/principal-cache.test.ts',
  'apps/server/src/plugins/request-log.test.ts',
  'apps/server/src/plugins/request-line.test.ts',
  'apps/server/src/seed/demo-accounts.test.ts',
  'apps/server/src/modules/applications/presenter.test.ts',
  'apps/server/src/modules/live/policy.test.ts',
  'apps/server/src/modules/maps/address-text.test.ts',
  'apps/server/src/modules/maps/places.test.ts',
  'apps/server/src/modules/media/image-size.test.ts',
  'apps/server/src/modules/media/storage-config.test.ts',
  'apps/server/src/modules/media/storage.test.ts',
  'apps/server/src/modules/second-factors/codes.test.ts',
];

/**
 * The fuzz sweeps (`*.fuzz.test.ts`) run in one database pass, not in both: scripts/test-api.mjs sets `TEST_FUZZ=off` for
 * the PGlite pass when a PostgreSQL pass follows (decision 1025).
 */
const FUZZ = process.env.TEST_FUZZ === 'off' ? ['**/*.fuzz.test.ts'] : [];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bench/lib/**/*.test.ts',
            ...SERVER_UNIT,
          ],
          environment: 'node',
          // One module graph for all the files of a worker: imports were most of this project's time (182 s against
          // 41 s, the machine as busy; decision 1025). A unit test keeps no state in a module between files; one that
          // must (a module-level cache it sets) resets it in its own afterEach.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          exclude: ['**/node_modules/**', ...SERVER_UNIT, ...FUZZ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph for all the files of a worker, as in the unit project: isolation's imports were about 400 s
          // of each 550 s database pass (decision 1166, superseding 1124). A file restores what it changes in the process
          // (environment, clocks, spies, servers) in its own afterEach/afterAll; module caches are keyed by database.
          isolate: false,
        },
      },
    ],
  },
});
