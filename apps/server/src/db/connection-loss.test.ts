import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/context';
import { type Db, openPostgres } from './index';

/**
 * PostgreSQL restarted or failed over ends every connection (issue 18 §4). An idle connection's end used to be an
 * unhandled 'error' event of its pool, which ended the process; the instance must instead go on with new connections.
 */
describe.runIf(TEST_DB === 'postgres')('PostgreSQL ending the connections of an instance', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `portico_loss_${randomBytes(6).toString('hex')}`;
  let admin: Db;
  let db: Db;
  const endConnections = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);

  beforeAll(async () => {
    admin = await openPostgres(adminUrl, 1);
    await admin.query(`CREATE DATABASE ${name}`);
    db = await openPostgres(adminUrl.replace(/\/[^/]*$/, `/${name}`), 2);
  });
  afterAll(async () => {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });

  it('keeps the process up when idle connections are ended, and the next queries open new ones', async () => {
    await Promise.all([db.query('SELECT pg_sleep(0.05)'), db.query('SELECT 1'), db.queryPrepared('SELECT $1::int AS n', [1])]);
    const before = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    expect(before[0].n).toBeGreaterThanOrEqual(2);
    await endConnections();
    // The pools learn of it asynchronously; a query right after may still meet a dying connection once.
    const answer = async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const one = await db.query<{ n: number }>('SELECT 1 AS n').catch(() => null);
        const prepared = await db.queryPrepared<{ n: number }>('SELECT $1::int AS n', [2]).catch(() => null);
        if (one?.[0].n === 1 && prepared?.[0].n === 2) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await answer()).toBe(true);
  });

  it('rolls back and drops a transaction whose connection is ended, and the next transaction succeeds', async () => {
    const failed = db.tx(async (q) => {
      await q.query('SELECT 1');
      await endConnections();
      await q.query('SELECT 2');
    });
    await expect(failed).rejects.toThrow();
    const done = await db.tx(async (q) => (await q.query<{ n: number }>('SELECT 3 AS n'))[0].n);
    expect(done).toBe(3);
  });
});
