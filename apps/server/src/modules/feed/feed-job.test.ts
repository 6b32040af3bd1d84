import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/context';
import { member, office } from '../../../test/reso-rows';
import { ResoServer } from '../../../test/reso-server';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/index';
import { everyMinutes, FEED_JOB } from './job';

describe('RESO feed settings', () => {
  const base = { RESO_WEB_API_URL: 'https://mls.example/reso/odata/' };
  it('is off without RESO_WEB_API_URL, and reads a token or client credentials', () => {
    expect(loadConfig({}).reso).toBeUndefined();
    expect(loadConfig({ ...base, RESO_TOKEN: 't' }).reso).toEqual({
      url: 'https://mls.example/reso/odata',
      auth: { kind: 'token', token: 't' },
      syncMinutes: 15,
      resources: ['Office', 'Member', 'Property'],
    });
    const cc = { RESO_TOKEN_URL: 'https://mls.example/token', RESO_CLIENT_ID: 'id', RESO_CLIENT_SECRET: 'secret', RESO_SCOPE: 'api' };
    expect(loadConfig({ ...base, ...cc, RESO_SYNC_MINUTES: '5', RESO_RESOURCES: 'Member, Office' }).reso).toMatchObject({
      auth: { kind: 'client-credentials', tokenUrl: 'https://mls.example/token', clientId: 'id', clientSecret: 'secret', scope: 'api' },
      syncMinutes: 5,
      resources: ['Office', 'Member'],
    });
    expect(() => loadConfig(base)).toThrow(/RESO_TOKEN/);
    expect(() => loadConfig({ ...base, RESO_TOKEN: 't', RESO_RESOURCES: 'Member,Photos' })).toThrow(/Photos/);
    expect(loadConfig({ ...base, RESO_TOKEN: 't', RESO_RESOURCES: 'Media,Property', PORTICO_ADMIN_LOGIN: ' boss ' }).reso).toMatchObject({
      resources: ['Property', 'Media'],
      adminLogin: 'boss',
    });
    expect(() => loadConfig({ ...base, RESO_TOKEN: 't', RESO_SYNC_MINUTES: '0' })).toThrow();
  });

  it('schedules every n minutes', () => {
    expect(everyMinutes(15)).toBe('*/15 * * * *');
    expect(everyMinutes(120)).toBe('0 */2 * * *');
  });
});

/** Two instances with the feed configured, both working the queue: the sync runs on one of them at a time. */
describe('RESO feed job (pg-boss)', () => {
  let db: Db;
  let server: ResoServer;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await openTestDb();
    server = await new ResoServer({ pageSize: 2 }).start();
    server.data.Office.push(office('OF1', 0));
    server.data.Member.push(...[1, 2, 3, 4, 5].map((m) => member(`J${m}`, m)));
    // Each page takes a while, so that runs asked for at once would overlap if the queue let them.
    server.beforeRequest = () => new Promise((r) => setTimeout(r, 50));
    const env = { PORT: '3999', PUBLIC_URL: 'http://127.0.0.1:3999', DATABASE_URL: '', JOBS: 'on', RATE_LIMITS: 'off' };
    const config = loadConfig({
      ...env,
      RESO_WEB_API_URL: server.url,
      RESO_TOKEN: 'test-token',
      RESO_SYNC_MINUTES: '5',
      RESO_RESOURCES: 'Office,Member',
    });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, db, serveWeb: false, jobPollingSeconds: 0.5 });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await server.close();
    await db.close();
  });

  it('is scheduled every RESO_SYNC_MINUTES, runs through the queue, and never twice at once', async () => {
    expect((await apps[0].jobs.schedules()).find((s) => s.name === FEED_JOB)?.cron).toBe('*/5 * * * *');
    const [a, b] = await Promise.all([apps[0].jobs.runNow(FEED_JOB, 60_000), apps[1].jobs.runNow(FEED_JOB, 60_000)]);
    expect([a.state, b.state]).toEqual(['completed', 'completed']);
    const runs = await db.query<{ resource: string; started_on: Date; finished_on: Date; error: string | null }>(
      'SELECT resource, started_on, finished_on, error FROM feed_runs ORDER BY id',
    );
    expect(runs.every((r) => r.error === null && r.finished_on)).toBe(true);
    // Each sync (Office then Member) ended before the next began.
    for (let i = 1; i < runs.length; i++) expect(runs[i].started_on.getTime()).toBeGreaterThanOrEqual(runs[i - 1].finished_on.getTime());
    expect(await db.one("SELECT count(*)::int AS n FROM members WHERE member_key LIKE 'J%'")).toEqual({ n: 5 });
  });
});
