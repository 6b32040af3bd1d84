import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB } from '../../test/context';
import { createFactories } from '../../test/factories';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../test/oidc-browser';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/index';
import { hashPassword } from '../identity/credentials';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('/metrics (issue 18 §3)', () => {
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    db = await openTestDb();
    const env = { ...process.env, PORT: '3999', PUBLIC_URL: 'http://127.0.0.1:3999', DATABASE_URL: '', JOBS: 'off', METRICS_TOKEN: TOKEN };
    app = await buildApp({ config: loadConfig(env), db, serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const scrape = () => app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('is refused without the bearer token', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
  });

  it('counts requests by route and status, sign-ins by outcome, and names every metric after traffic', async () => {
    const member = await createFactories(db).buildMember({ passwordHash: await hashPassword('Metrics#Count1') });
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/api/app/Members/AuthMemberDto' });
    expect((await app.inject({ url: '/no/such/page' })).statusCode).toBe(404);
    const browser = new Browser(app);
    const first = await startAuthorization(browser);
    await browser.request('POST', `${first.signinPath}/login`, { login: member.loginId, password: 'wrong password' });
    const { verifier, signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: member.loginId, password: 'Metrics#Count1' });
    const token = await exchangeCode(app, (await followToCallback(browser, String(res.headers.location)))!, verifier);
    expect(token.statusCode).toBe(200);

    const metrics = await scrape();
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.body;
    expect(text).toMatch(/portico_http_requests_total\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    expect(text).toMatch(/portico_http_requests_total\{method="GET",route="\/api\/app\/Members\/AuthMemberDto",status="401"\} [1-9]/);
    expect(text).toMatch(/portico_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/healthz",status="200"\} [1-9]/);
    // Each route has its own hook (lib/route-hooks.ts): the provider's routes, registered before most, are counted too,
    // and a request no route answers is counted as unmatched.
    expect(text).toMatch(/portico_http_requests_total\{method="POST",route="\/oidc\/[^"]*",status="\d+"\} [1-9]/);
    expect(text).toMatch(/portico_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).toMatch(/portico_sign_ins_total\{outcome="success"\} [1-9]/);
    expect(text).toMatch(/portico_sign_ins_total\{outcome="failure"\} [1-9]/);
    for (const name of [
      'portico_second_factor_challenges_total',
      'portico_mails_total',
      'portico_job_runs_total',
      'portico_job_queue_jobs',
      'portico_db_pool_connections',
      'portico_db_pool_waiting',
      'portico_process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    if (TEST_DB === 'postgres') expect(text).toMatch(/portico_db_pool_connections\{pool="main",state="idle"\} \d+/);
  });

  it("counts each answer once: the count of requests is the duration histogram's count, scrape after scrape", async () => {
    const series = (text: string, name: string) =>
      Number(new RegExp(`^${name}\\{method="GET",route="/readyz",status="200"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    const before = series((await scrape()).body, 'portico_http_requests_total');
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    for (let scrapes = 0; scrapes < 2; scrapes++) {
      const text = (await scrape()).body;
      expect(series(text, 'portico_http_requests_total')).toBe((Number.isNaN(before) ? 0 : before) + 3);
      expect(series(text, 'portico_http_request_duration_seconds_count')).toBe(series(text, 'portico_http_requests_total'));
    }
  });
});
