import { addDays, DEFAULT_MLS_TIME_ZONE, todayIso } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB } from '../../test/context';
import { createFactories } from '../../test/factories';
import { buildListing } from '../../test/registered-factories';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/index';
import { Jobs, jobQueueOf } from './jobs';

/** Two instances over one database, both working the queue, as a deployment behind a load balancer runs them. */
describe('the job queue (pg-boss on the same database)', () => {
  let db: Db;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await openTestDb();
    const config = loadConfig({ ...process.env, PORT: '3999', PUBLIC_URL: 'http://127.0.0.1:3999', DATABASE_URL: '', JOBS: 'on' });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, db, serveWeb: false, jobPollingSeconds: 0.5 });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
  });

  it('schedules every feature job once, in the server time zone', async () => {
    const schedules = await apps[0].jobs.schedules();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(schedules.map((s) => s.name).sort()).toEqual([
      'application-usage-fold',
      'citation-suspensions',
      'clear-cooperation-address-keys',
      'clear-cooperation-watch',
      'kpi-refresh',
      'oidc-backchannel-logout',
      'registered-expiry',
      'security-events-retention',
      'sign-in-signals-retention',
      'staff-audit-retention',
      'training-requirements-watch',
    ]);
    expect(schedules.find((s) => s.name === 'registered-expiry')).toEqual({
      name: 'registered-expiry',
      cron: '15 * * * *',
      timezone: zone,
    });
    expect(await apps[1].jobs.schedules()).toHaveLength(11);
  });

  it('runs the registered expiry on start and through the queue: the stale listing expires, the recent one stays', async () => {
    // Each instance queued a catch-up run as it started: wait until none is left waiting or running.
    const pending = `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'registered-expiry' AND state IN ('created', 'retry', 'active')`;
    const until = Date.now() + 20_000;
    while ((await db.one<{ n: number }>(pending))?.n && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    const lastRun = await db.one<{ last_run_on: string }>("SELECT last_run_on FROM registered_job_runs WHERE job = 'registered-expiry'");
    expect(lastRun?.last_run_on).toBe(todayIso(DEFAULT_MLS_TIME_ZONE));
    const agent = await createFactories(db).buildMember();
    const today = todayIso(DEFAULT_MLS_TIME_ZONE);
    const stale = await buildListing(db, agent, { expirationDate: addDays(today, -9) });
    const recent = await buildListing(db, agent, { expirationDate: addDays(today, -3) });
    await db.query("DELETE FROM registered_job_runs WHERE job = 'registered-expiry'"); // as on the next day
    expect(await apps[1].jobs.runNow('registered-expiry')).toEqual({ state: 'completed', output: { expired: 1 } });
    const status = async (id: number) =>
      (await db.one<{ standard_status: string }>('SELECT standard_status FROM registered_listings WHERE id = $1', [id]))?.standard_status;
    expect(await status(stale.id)).toBe('K');
    expect(await status(recent.id)).toBe('A');
    // Once a day, whichever instance works the next run.
    expect(await apps[0].jobs.runNow('registered-expiry')).toEqual({ state: 'completed', output: { expired: null } });
  });

  it('runs a follower after each completed run of the job it follows; the Clear Cooperation watch follows the feed sync', async () => {
    expect(apps[0].jobs.followersOf('reso-feed-sync')).toEqual(['clear-cooperation-watch']);
    const jobs = new Jobs({ pollingIntervalSeconds: 0.5 });
    const runs: string[] = [];
    const recorded = (name: string) => async () => {
      runs.push(name);
      return { ran: name };
    };
    jobs.define({ name: 'test-lead', cron: '0 0 1 1 *', run: recorded('lead') });
    jobs.define({ name: 'test-follower', cron: '0 0 1 1 *', run: recorded('follower') });
    jobs.follow('test-lead', 'test-follower');
    await jobs.start(db, apps[0].log);
    try {
      expect(await jobs.runNow('test-lead')).toEqual({ state: 'completed', output: { ran: 'lead' } });
      await expect.poll(() => runs, { timeout: 20_000 }).toEqual(['lead', 'follower']);
    } finally {
      await jobs.stop();
    }
  });

  it('answers an unknown job with an error, not a queued run', async () => {
    await expect(apps[0].jobs.runNow('no-such-job')).rejects.toThrow('No job named no-such-job');
  });
});

/**
 * A start that finds work waiting (a production server's second start): every queue and schedule is set up before
 * a worker takes it. Before, a queue's worker took the waiting job while the start was still setting up the rest; on a
 * busy machine the start then ran past Fastify's 10 s for the ready hooks and the server stopped (2026-12-01).
 */
describe('a start of the job queue with work waiting', () => {
  it('sets every queue and schedule up before any worker takes a job', async () => {
    const db = await openTestDb();
    const log = pino({ level: 'silent' });
    try {
      const queue = (work: () => Promise<unknown>) => ({ name: 'waiting-work', options: { retryLimit: 0 }, work });
      const earlier = new Jobs({ pollingIntervalSeconds: 0.5 });
      earlier.defineQueue(queue(async () => null));
      await earlier.start(db, log, { work: false });
      await earlier.send('waiting-work', {});
      await earlier.stop();

      const seen: string[][] = [];
      const later = new Jobs({ pollingIntervalSeconds: 0.5 });
      later.defineQueue(
        queue(async () => {
          seen.push((await later.schedules()).map((s) => s.name));
          return null;
        }),
      );
      later.define({ name: 'late-job', cron: '0 3 1 1 *', run: async () => null });
      await later.start(db, log);
      await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(1);
      expect(seen[0]).toContain('late-job');
      await later.stop();
    } finally {
      await db.close();
    }
  });
});

describe("the job queue's own PostgreSQL connections", () => {
  // Like the app's (decision 1185): a poll estimated over jit_above_cost would be compiled at every run (decision 1187).
  it.runIf(TEST_DB === 'postgres')('compile no statement with JIT', async () => {
    const db = await openTestDb();
    const boss = jobQueueOf(db.jobTarget, { supervise: false, schedule: false });
    try {
      await boss.start();
      const { rows } = await boss.getDb().executeSql("SELECT current_setting('jit') AS jit");
      expect(rows).toEqual([{ jit: 'off' }]);
    } finally {
      await boss.stop({ graceful: false });
      await db.close();
    }
  });
});
