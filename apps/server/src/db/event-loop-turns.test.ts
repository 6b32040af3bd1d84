import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from './index';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

/**
 * A job is a chain of queries. On PGlite each query ran on this thread and settled at once, so the chain went on in
 * microtasks and nothing else ran until it ended: a fresh demo portal answered no request for 12 s while its first jobs
 * ran (decision 1180). A timer due at once must fire while the chain is still going, in a transaction too.
 */
it.each([
  ['plain queries', (work: (q: Db) => Promise<number>) => work(db)],
  ['prepared reads', (work: (q: Db) => Promise<number>) => work({ ...db, query: db.queryPrepared } as Db)],
  ['a transaction', (work: (q: Db) => Promise<number>) => db.tx((q) => work(q as Db))],
])('lets the event loop turn while a chain of %s runs', async (_name, within) => {
  let done = 0;
  let doneWhenTimerFired = -1;
  setTimeout(() => {
    doneWhenTimerFired = done;
  }, 0);
  const total = await within(async (q) => {
    const started = performance.now();
    while (performance.now() - started < 300) {
      await q.query('SELECT $1::int AS n', [done]);
      done += 1;
    }
    return done;
  });
  expect(doneWhenTimerFired).toBeGreaterThanOrEqual(0);
  expect(doneWhenTimerFired).toBeLessThan(total);
});
