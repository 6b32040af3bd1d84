import { SECURITY_ACTIVITY_DAYS } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../../test/oidc-browser';
import { hashPassword } from '../../identity/credentials';
import { securityEventsRetentionJob } from './service';

const PASSWORD = 'Activity#Pass1';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('security activity (issue 32 §6)', () => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    // Behind a proxy on loopback: the client address is the one X-Forwarded-For names, and it has a place.
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off', TRUST_PROXY: '127.0.0.1' } });
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => ctx.close());

  const activity = async (accountId: number, query = '') =>
    ctx.app.inject({ url: `/api/app/SecurityActivity${query}`, headers: await ctx.as(accountId) });
  const kinds = async (accountId: number) =>
    (
      await ctx.db.query<{ kind: string; result: string }>('SELECT kind, result FROM security_events WHERE account_id = $1 ORDER BY id', [
        accountId,
      ])
    ).map((e) => `${e.kind}:${e.result}`);

  async function signIn(loginId: string, password: string) {
    const browser = new Browser(ctx.app);
    browser.headers = { 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '81.2.69.160' };
    const { verifier, signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password });
    if (res.statusCode !== 303) return res.statusCode;
    const code = await followToCallback(browser, res.headers.location as string);
    await exchangeCode(ctx.app, code!, verifier);
    return res.statusCode;
  }

  it('records sign-ins that worked and failed with browser and place, and the member reads them newest first', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    expect(await signIn(m.loginId, 'Wrong#Pass99')).toBe(401);
    expect(await signIn(m.loginId, PASSWORD)).toBe(303);
    const res = await activity(m.accountId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalResults).toBe(2);
    expect(body.results.map((e: { title: string }) => e.title)).toEqual(['Signed in', 'Sign-in failed']);
    expect(body.results[0]).toMatchObject({
      kind: 'sign-in',
      result: 'success',
      browser: 'Chrome 131',
      os: 'Windows 10',
      deviceType: 'desktop',
      clientAddress: '81.2.69.160',
      place: expect.stringContaining('GB'),
      detail: 'password',
      byStaff: null,
    });
    expect(body.results[1]).toMatchObject({ result: 'failure', detail: 'wrong password' });
  });

  it('reads only the caller’s own account: another member sees none of it, and an id in the query is refused', async () => {
    const a = await ctx.factories.buildMember({ passwordHash });
    const b = await ctx.factories.buildMember({ passwordHash });
    expect(await signIn(a.loginId, PASSWORD)).toBe(303);
    expect((await activity(b.accountId)).json().results).toEqual([]);
    expect((await activity(b.accountId, `?accountId=${a.accountId}`)).json().results).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/app/SecurityActivity' })).statusCode).toBe(401);
    expect((await activity(a.accountId, '?pageSize=0')).statusCode).toBe(400);
  });

  it('writes the event with the change it records, and nothing for a change refused', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    const headers = await ctx.as(m.accountId);
    const change = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/AccountContact/ChangePassword',
        headers,
        payload: { loginId: m.loginId, password, newPassword: 'Changed#Pass42', confirmPassword: 'Changed#Pass42' },
      });
    expect((await change('Not#ThePassword1')).statusCode).toBe(400);
    expect(await kinds(m.accountId)).toEqual([]);
    expect((await change(PASSWORD)).statusCode).toBe(200);
    expect(await kinds(m.accountId)).toEqual(['password-changed:success']);
    const codes = await ctx.app.inject({ method: 'POST', url: '/api/app/MemberRecoveryCodes/Generate', headers, payload: {} });
    expect(codes.statusCode).toBe(200);
    const ended = await ctx.app.inject({ method: 'POST', url: '/api/app/MemberSessions/SignOut', headers, payload: { sessionId: 'nope' } });
    expect(ended.statusCode).toBe(404);
    expect(await kinds(m.accountId)).toEqual(['password-changed:success', 'recovery-codes-generated:success']);
  });

  it('names the staff member who acted on the account, and rows cannot be changed', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    const staff = await ctx.factories.buildMember({ type: 'MLS Staff', isCrmlsAdmin: true });
    await ctx.db.query('UPDATE accounts SET failed_attempts = 5, locked_until = now() + interval $$1 hour$$ WHERE id = $1', [m.accountId]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountSecurity/Unlock',
      headers: await ctx.as(staff.accountId),
      payload: { loginId: m.loginId },
    });
    expect(res.statusCode).toBe(200);
    const [event] = (await activity(m.accountId)).json().results;
    expect(event).toMatchObject({ kind: 'account-unlocked', title: 'Account unlocked by staff', byStaff: expect.any(String) });
    await expect(ctx.db.query("UPDATE security_events SET detail = 'edited' WHERE account_id = $1", [m.accountId])).rejects.toThrow(
      /append-only/,
    );
  });

  it(`pages, shows ${SECURITY_ACTIVITY_DAYS} days, and the retention job deletes older events`, async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    await ctx.db.query(
      `INSERT INTO security_events (account_id, kind, occurred_on)
       SELECT $1, 'sign-in', now() - make_interval(days => d) FROM unnest(ARRAY[1, 2, 3, 89, 91, 120]) AS d`,
      [m.accountId],
    );
    const first = (await activity(m.accountId, '?pageSize=3')).json();
    expect(first).toMatchObject({ totalResults: 4, totalPages: 2 });
    expect(first.results).toHaveLength(3);
    const second = (await activity(m.accountId, '?pageSize=3&pageId=2')).json();
    expect(second.results).toHaveLength(1);
    expect(new Date(second.results[0].occurredOn).getTime()).toBeLessThan(new Date(first.results[2].occurredOn).getTime());

    // The job as the queue runs it (the queue itself is tested in plugins/jobs.test.ts, which lists this job).
    expect(await securityEventsRetentionJob.run(ctx.db)).toEqual({ deleted: 2 });
    expect(
      (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM security_events WHERE account_id = $1', [m.accountId]))?.n,
    ).toBe(4);
  });
});
