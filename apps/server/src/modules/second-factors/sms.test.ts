import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECOND_FACTOR_MESSAGES as M } from '@portico/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../../test/oidc-browser';
import { until } from '../../../test/smtp';
import { hashPassword } from '../../identity/credentials';
import { deliverSms, queueSms, SMS_QUEUE } from '../../lib/sms';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

const SID = 'AC0123456789abcdef';
const TOKEN = 'test-auth-token';
const FROM = '+17145550100';
const PASSWORD = 'Texted#Code1';

/**
 * The SMS factor against a stand-in for Twilio's Messages API: a local HTTP server, started here, that records every
 * request and answers as Twilio does (201 with the message sid, or an error with its message).
 */
describe('SMS second factor through the provider', () => {
  let ctx: TestContext;
  let server: Server;
  const requests: Recorded[] = [];
  let answer: { status: number; body: unknown } = { status: 201, body: { sid: 'SM1', status: 'queued' } };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, form: new URLSearchParams(raw) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const sms = { SMS_URL: `http://127.0.0.1:${port}/`, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: FROM };
    // This instance works the queues, so texts go out through the SMS queue as in production (decision 0991).
    ctx = await createTestContext({ env: { ...sms, JOBS: 'on', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_BACKOFF: 'on' } });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    answer = { status: 201, body: { sid: 'SM1', status: 'queued' } };
  });

  const textedCode = (r: Recorded | undefined) => /\b(\d{6})\b/.exec(r?.form.get('Body') ?? '')?.[1];

  it("speaks Twilio's Messages API: the account's path, basic auth, form-encoded To, From and Body", async () => {
    const id = await queueSms(ctx.db, { to: '+17145550134', body: 'Hello' });
    expect(await deliverSms(ctx.db, ctx.app.config.sms!, id)).toBe('sent');
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(r.method).toBe('POST');
    expect(r.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(r.form)).toEqual({ To: '+17145550134', From: FROM, Body: 'Hello' });
    const row = await ctx.db.one<{ sent_on: Date | null; provider_id: string; error: string | null }>(
      'SELECT sent_on, provider_id, error FROM outbox_sms WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ provider_id: 'SM1', error: null });
    expect(row?.sent_on).toBeInstanceOf(Date);
  });

  it("keeps the provider's refusal on the outbox row, unsent", async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } };
    const id = await queueSms(ctx.db, { to: '+17145550135', body: 'Hello' });
    await expect(deliverSms(ctx.db, ctx.app.config.sms!, id)).rejects.toThrow(/not a valid phone number/);
    const row = await ctx.db.one<{ sent_on: Date | null; error: string }>('SELECT sent_on, error FROM outbox_sms WHERE id = $1', [id]);
    expect(row?.sent_on).toBeNull();
    expect(row?.error).toContain('not a valid phone number');
    expect(row?.error).toContain('21211');
  });

  it("refuses phone numbers the seed's rules refuse, with its messages", async () => {
    const m = await ctx.factories.buildMember();
    for (const [value, message] of [
      ['', M.phoneRequired],
      ['555-0134', M.phoneInvalid],
      ['(014) 555-0134', M.phoneInvalid],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/MemberSecondFactors/Enlist/New',
        headers: await ctx.as(m.accountId),
        payload: { memberId: m.memberId, type: 'sms', emailPhoneOrName: value, adminSkipValidation: false },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'emailPhoneOrName', message }]);
    }
    expect(requests).toHaveLength(0);
  });

  it('texts a code to add the phone, then asks for a texted code at sign-in', async () => {
    const m = await ctx.factories.buildMember({ passwordHash: await hashPassword(PASSWORD) });
    const headers = await ctx.as(m.accountId);
    const list = await ctx.app.inject({ url: `/api/app/MemberSecondFactors?memberId=${m.memberId}`, headers });
    expect(list.json().results[0].enabledFactors).toContain('sms');

    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/MemberSecondFactors/Enlist/New',
      headers,
      payload: { memberId: m.memberId, type: 'sms', emailPhoneOrName: '(714) 555-0134', adminSkipValidation: false },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().results[0]).toMatchObject({ type: 'sms', sentTo: '(•••) •••-0134', canResendCodeInSec: 300 });
    await until(() => requests.length > 0, 'the SMS queue to text the code');
    expect(requests.map((r) => r.form.get('To'))).toEqual(['+17145550134']);
    const code = textedCode(requests[0]);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/MemberSecondFactors/Enlist/Verify',
      headers,
      payload: { EnlistmentId: started.json().results[0].enlistmentId, SuppliedCode: code },
    });
    expect(verified.statusCode).toBe(200);
    const factors = (await ctx.app.inject({ url: `/api/app/MemberSecondFactors?memberId=${m.memberId}`, headers })).json().results[0]
      .secondFactors;
    expect(factors.find((f: { type: string }) => f.type === 'sms')).toMatchObject({ emailPhoneOrName: '+17145550134', isEnabled: true });

    requests.length = 0;
    const browser = new Browser(ctx.app);
    const { verifier, signinPath } = await startAuthorization(browser);
    const step = await browser.request('POST', `${signinPath}/login`, { login: m.loginId, password: PASSWORD });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('We sent a 6-digit code by text message to (•••) •••-0134');
    expect(step.body).toContain('Send a new code');
    await until(() => requests.length > 0, 'the SMS queue to text the sign-in code');
    expect(requests).toHaveLength(1);
    const signInCode = textedCode(requests[0]);
    const wrong = await browser.request('POST', `${signinPath}/factor`, { code: signInCode === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const right = await browser.request('POST', `${signinPath}/factor`, { code: signInCode ?? '' });
    expect(right.statusCode).toBe(303);
    const authCode = await followToCallback(browser, right.headers.location as string);
    expect((await exchangeCode(ctx.app, authCode!, verifier)).statusCode).toBe(200);
  });
  const smsRow = (id: number) =>
    ctx.db.one<{ sent_on: Date | null; error: string | null; provider_id: string | null }>(
      'SELECT sent_on, error, provider_id FROM outbox_sms WHERE id = $1',
      [id],
    );
  const smsJobs = async (id: number) =>
    (
      await ctx.db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = $1 AND (data->>'id')::int = $2`, [SMS_QUEUE, id])
    ).map((j) => j.state);

  it("writes the text's job in the caller's transaction: none when it rolls back, one when it commits", async () => {
    const to = '+17145550171';
    await expect(
      ctx.db.tx(async (q) => {
        await ctx.app.texter.queue(q, { to, body: 'Never sent' });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await ctx.db.one('SELECT id FROM outbox_sms WHERE to_number = $1', [to])).toBeNull();
    const id = await ctx.db.tx((q) => ctx.app.texter.queue(q, { to, body: 'Sent once' }));
    expect((await smsJobs(id)).length).toBe(1);
    await until(async () => (await smsRow(id))?.sent_on, 'the queue to send the text');
    await until(async () => (await smsJobs(id)).join() === 'completed', 'the job to complete');
    expect(requests.filter((r) => r.form.get('To') === to)).toHaveLength(1);
  });

  it('retries a text the provider refuses, with backoff, and sends it once when the provider takes it', async () => {
    const to = '+17145550172';
    answer = { status: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } };
    const id = await ctx.db.tx((q) => ctx.app.texter.queue(q, { to, body: 'Your code' }));
    const failed = await until(async () => {
      const row = await smsRow(id);
      return row?.error ? row : null;
    }, 'a refused attempt');
    expect(failed.sent_on).toBeNull();
    expect(failed.error).toContain('Service unavailable');
    expect(await smsJobs(id)).toEqual([expect.stringMatching(/^(retry|active|created)$/)]);
    answer = { status: 201, body: { sid: 'SM2', status: 'queued' } };
    const sent = await until(
      async () => {
        const row = await smsRow(id);
        return row?.sent_on ? row : null;
      },
      'the text to be sent after the refusals',
      30_000,
    );
    expect(sent).toMatchObject({ provider_id: 'SM2', error: null });
    await until(async () => (await smsJobs(id)).join() === 'completed', 'the job to complete');
    const tries = requests.filter((r) => r.form.get('To') === to);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    // Sent is sent: a job retried after its worker died past the send does not text the member twice.
    expect(await deliverSms(ctx.db, ctx.app.config.sms!, id)).toBe('already-sent');
    expect(requests.filter((r) => r.form.get('To') === to)).toHaveLength(tries.length);
  }, 60_000);
});
