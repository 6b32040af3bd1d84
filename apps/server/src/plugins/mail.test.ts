import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testConfig } from '../../test/context';
import { createFactories } from '../../test/factories';
import { TestSmtp, until } from '../../test/smtp';
import { buildApp } from '../app';
import type { Db } from '../db/index';
import { MAIL_QUEUE } from '../lib/mailer';
import { mails } from '../lib/metrics';

/**
 * Mail through the job queue (decision 0973), against a real SMTP server started here: the forgot-password call only
 * queues the mail, an SMTP outage delays it and loses none, and a mail one instance queued another one sends.
 */
describe('mail through the job queue', () => {
  let db: Db;
  const smtp = new TestSmtp();
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await openTestDb();
    await smtp.start();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    if (!smtp.port) return;
    await smtp.stop();
    await smtp.start();
  });
  afterAll(async () => {
    await smtp.stop();
    await db.close();
  });

  /** An instance over the shared database that mails through the test server; `jobs: false` is a JOBS=off one. */
  async function instance(jobs = true, env: Record<string, string> = {}): Promise<FastifyInstance> {
    const config = testConfig({
      JOBS: jobs ? 'on' : 'off',
      SMTP_URL: smtp.url,
      RATE_LIMITS: 'off',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_BACKOFF: 'on',
      ...env,
    });
    const app = await buildApp({ config, db, serveWeb: false, jobPollingSeconds: 0.5 });
    await app.ready();
    apps.push(app);
    return app;
  }

  const forgot = (app: FastifyInstance, loginId: string) =>
    app.inject({ method: 'POST', url: '/api/app/AccountContact/ForgotPassword', payload: { LoginId: loginId } });

  async function member(): Promise<{ loginId: string; email: string }> {
    const m = await createFactories(db).buildMember();
    return { loginId: m.loginId, email: `${m.loginId}@example.test` };
  }

  const outboxRow = (email: string) =>
    db.one<{ id: number; sent_on: string | null; error: string | null }>(
      'SELECT id, sent_on, error FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
  const jobStates = async (id: number) =>
    (await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = $1 AND (data->>'id')::int = $2`, [MAIL_QUEUE, id])).map(
      (j) => j.state,
    );

  it('delivers a reset mail through SMTP, once, and marks it sent', async () => {
    const app = await instance();
    const m = await member();
    const answer = await forgot(app, m.loginId);
    expect(answer.statusCode).toBe(200);
    const row = await until(async () => {
      const r = await outboxRow(m.email);
      return r?.sent_on ? r : null;
    }, 'the mail to be sent');
    expect(smtp.to(m.email)).toHaveLength(1);
    expect(smtp.to(m.email)[0].raw).toContain('Subject: Reset your member portal password');
    await until(async () => (await jobStates(row.id)).join() === 'completed', 'the job to complete');
  });

  it('answers while SMTP is down, and sends the mail exactly once after SMTP comes back', async () => {
    const app = await instance();
    const m = await member();
    await smtp.stop();
    const answer = await forgot(app, m.loginId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBeTruthy();
    // The worker tried, SMTP refused: the outbox row says why, the job waits for its retry.
    const failed = await until(async () => {
      const r = await outboxRow(m.email);
      return r?.error ? r : null;
    }, 'a failed attempt');
    expect(failed.sent_on).toBeNull();
    expect(await jobStates(failed.id)).toEqual([expect.stringMatching(/^(retry|active|created)$/)]);
    await smtp.start();
    await until(async () => (await outboxRow(m.email))?.sent_on, 'the mail to be sent after the outage');
    await until(async () => (await jobStates(failed.id)).join() === 'completed', 'the job to complete');
    expect(smtp.to(m.email)).toHaveLength(1);
    expect((await outboxRow(m.email))?.error).toBeNull();
  });

  it('sends a mail queued by an instance that is gone, from another instance', async () => {
    // A works the queue, but SMTP is down when it tries; A is then closed (its pod killed) with the mail unsent.
    const a = await instance();
    const m = await member();
    await smtp.stop();
    expect((await forgot(a, m.loginId)).statusCode).toBe(200);
    const row = await until(async () => {
      const r = await outboxRow(m.email);
      return r?.error ? r : null;
    }, 'A to fail its attempt');
    await a.close();
    apps.splice(apps.indexOf(a), 1);
    await smtp.start();
    const b = await instance();
    expect(b).not.toBe(a);
    await until(async () => (await outboxRow(m.email))?.sent_on, 'B to send the mail');
    expect(smtp.to(m.email)).toHaveLength(1);
    await until(async () => (await jobStates(row.id)).join() === 'completed', 'the job to complete');
  });

  it('queues from a JOBS=off instance without sending, and a worker instance sends it', async () => {
    const web = await instance(false);
    const m = await member();
    expect((await forgot(web, m.loginId)).statusCode).toBe(200);
    const row = (await outboxRow(m.email))!;
    // Written with the outbox row, in its transaction: the job is there as soon as the call answered.
    expect(await jobStates(row.id)).toEqual(['created']);
    await web.close();
    apps.splice(apps.indexOf(web), 1);
    await instance();
    await until(async () => (await outboxRow(m.email))?.sent_on, 'the worker to send the mail');
    expect(smtp.to(m.email)).toHaveLength(1);
  });

  it('queues nothing when the transaction that caused the mail rolls back', async () => {
    const app = await instance(false);
    const jobs = async () => (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [MAIL_QUEUE]))?.n;
    const before = await jobs();
    const mail = { to: 'rolled-back@example.test', subject: 'Never', text: 'Never sent' };
    await expect(
      db.tx(async (q) => {
        await app.mailer.queue(q, mail);
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await outboxRow(mail.to)).toBeNull();
    expect(await jobs()).toBe(before);
  });

  it('gives a mail up once its retries are spent: the job fails, the row keeps the error, the metric counts it', async () => {
    const givenUp = async () => (await mails.get()).values.find((v) => v.labels.outcome === 'given_up')?.value ?? 0;
    const before = await givenUp();
    const app = await instance(true, { MAIL_RETRY_LIMIT: '1' });
    const m = await member();
    await smtp.stop();
    expect((await forgot(app, m.loginId)).statusCode).toBe(200);
    const row = (await outboxRow(m.email))!;
    await until(async () => (await jobStates(row.id)).join() === 'failed', 'the job to fail after its retry');
    expect(await givenUp()).toBe(before + 1);
    const after = await outboxRow(m.email);
    expect(after?.sent_on).toBeNull();
    expect(after?.error).toBeTruthy();
    expect(smtp.to(m.email)).toHaveLength(0);
  });
});
