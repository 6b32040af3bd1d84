import { MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { Browser, startAuthorization } from '../../test/oidc-browser';
import { FAILURE_ANSWER_MS, hashPassword, LOCK_AFTER_FAILURES } from './credentials';
import { FIRST_LOCK_MINUTES, lockMinutes, MAX_LOCK_MINUTES, PERMANENT_AFTER_LOCKS } from './lockout';

const RIGHT = 'Right#Pass77';

describe('lock-out that cannot be raced', () => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    // Many sign-ins from one address: the address's rate limit is tested on its own (rate-limit.test.ts).
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    passwordHash = await hashPassword(RIGHT);
  });
  afterAll(() => ctx.close());

  const alert = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1]?.replace(/&#39;/g, "'");
  const account = (loginId: string) =>
    ctx.db.one<{ failed_attempts: number; locked_until: Date | null; lock_count: number; locked_permanently: boolean }>(
      'SELECT failed_attempts, locked_until, lock_count, locked_permanently FROM accounts WHERE login_id = $1',
      [loginId],
    );
  async function signInPage() {
    const browser = new Browser(ctx.app);
    const { signinPath } = await startAuthorization(browser);
    return { browser, signinPath };
  }
  const attempt = async (loginId: string, password: string) => {
    const { browser, signinPath } = await signInPage();
    return browser.request('POST', `${signinPath}/login`, { login: loginId, password });
  };
  /** Ends the current lock as if its time had passed. */
  const expireLock = (loginId: string) =>
    ctx.db.query("UPDATE accounts SET locked_until = now() - interval '1 second' WHERE login_id = $1", [loginId]);

  it('ten guesses at once, nine wrong and one right, end locked and not signed in', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    const pages = [];
    for (let i = 0; i < 10; i++) pages.push(await signInPage());
    const answers = await Promise.all(
      pages.map(({ browser, signinPath }, i) =>
        browser.request('POST', `${signinPath}/login`, { login: m.loginId, password: i === 4 ? RIGHT : `Wrong#${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(401));
    for (const a of answers) expect(alert(a.body)).toBe(MESSAGES.signInFailed);
    const after = await account(m.loginId);
    expect(after?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    const last = await ctx.db.one<{ last_sign_in_on: Date | null }>('SELECT last_sign_in_on FROM accounts WHERE id = $1', [m.accountId]);
    expect(last?.last_sign_in_on).toBeNull();
  }, 120_000);

  it('a right password during a lock is refused and does not extend it; when the lock ends the count starts again', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) expect((await attempt(m.loginId, `Wrong#${i}`)).statusCode).toBe(401);
    const locked = await account(m.loginId);
    expect(locked?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    const during = await attempt(m.loginId, RIGHT);
    expect(during.statusCode).toBe(401);
    expect(alert(during.body)).toBe(MESSAGES.signInFailed);
    expect((await account(m.loginId))?.locked_until?.getTime()).toBe(locked?.locked_until?.getTime());
    await attempt(m.loginId, 'Wrong#again');
    expect((await account(m.loginId))?.locked_until?.getTime()).toBe(locked?.locked_until?.getTime());

    await expireLock(m.loginId);
    expect((await attempt(m.loginId, 'Wrong#after')).statusCode).toBe(401);
    const restarted = await account(m.loginId);
    expect(restarted?.failed_attempts).toBe(1);
    expect(restarted?.locked_until).toBeNull();
    expect((await attempt(m.loginId, RIGHT)).statusCode).toBe(303);
    expect(await account(m.loginId)).toMatchObject({ failed_attempts: 0, lock_count: 0, locked_until: null });
  }, 120_000);

  const lockFor = async (loginId: string) => {
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await attempt(loginId, `Wrong#${i}`);
    return account(loginId);
  };
  const minutesLeft = (until: Date | null | undefined) => ((until?.getTime() ?? 0) - Date.now()) / 60_000;

  it('makes each lock in a row longer, up to a maximum, and the last one permanent until staff lift it', async () => {
    expect([1, 2, 3, 4, 5, 6].map(lockMinutes)).toEqual([15, 30, 60, 120, 240, 240]);
    const m = await ctx.factories.buildMember({ passwordHash });
    const first = await lockFor(m.loginId);
    expect(minutesLeft(first?.locked_until)).toBeGreaterThan(FIRST_LOCK_MINUTES - 1);
    expect(minutesLeft(first?.locked_until)).toBeLessThanOrEqual(FIRST_LOCK_MINUTES);
    await expireLock(m.loginId);
    const second = await lockFor(m.loginId);
    expect(second?.lock_count).toBe(2);
    expect(minutesLeft(second?.locked_until)).toBeGreaterThan(2 * FIRST_LOCK_MINUTES - 1);
    // Jump to the last temporary lock: the next one is for good.
    await ctx.db.query('UPDATE accounts SET lock_count = $2 WHERE login_id = $1', [m.loginId, PERMANENT_AFTER_LOCKS - 2]);
    await expireLock(m.loginId);
    expect(minutesLeft((await lockFor(m.loginId))?.locked_until)).toBeGreaterThan(MAX_LOCK_MINUTES - 1);
    await expireLock(m.loginId);
    const permanent = await lockFor(m.loginId);
    expect(permanent?.locked_permanently).toBe(true);
    const refused = await attempt(m.loginId, RIGHT);
    expect(refused.statusCode).toBe(401);
    expect(alert(refused.body)).toBe(MESSAGES.signInFailed);

    const staff = await ctx.factories.buildMember({ isCrmlsAdmin: true });
    const agent = await ctx.factories.buildMember();
    const unlock = async (accountId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/AccountSecurity/Unlock',
        headers: await ctx.as(accountId),
        payload: { loginId: m.loginId },
      });
    expect((await unlock(agent.accountId)).statusCode).toBe(403);
    expect((await account(m.loginId))?.locked_permanently).toBe(true);
    const lifted = await unlock(staff.accountId);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().results[0]).toMatchObject({ loginId: m.loginId, lockedPermanently: false, lockedUntil: null, failedAttempts: 0 });
    expect((await attempt(m.loginId, RIGHT)).statusCode).toBe(303);
  }, 180_000);

  it('mails a reset link to a locked-out member, and the reset lifts the lock', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    await lockFor(m.loginId);
    const forgot = await ctx.app.inject({ method: 'POST', url: '/api/app/AccountContact/ForgotPassword', payload: { LoginId: m.loginId } });
    expect(forgot.statusCode).toBe(200);
    const mail = await ctx.db.one<{ body_text: string }>('SELECT body_text FROM outbox_emails WHERE to_address = $1', [
      `${m.loginId}@example.test`,
    ]);
    const token = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountContact/ResetPassword',
      payload: { loginId: m.loginId, Token: token, Password: 'Fresh#Start9', ConfirmPassword: 'Fresh#Start9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(m.loginId, 'Fresh#Start9')).statusCode).toBe(303);
  }, 120_000);

  it('answers an unknown login id as late as a known one with failures behind it', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    for (let i = 0; i < 3; i++) await attempt(m.loginId, `Wrong#${i}`);
    const timed = async (loginId: string) => {
      const { browser, signinPath } = await signInPage();
      const started = performance.now();
      const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: 'Wrong#again' });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    const known = await timed(m.loginId);
    const unknown = await timed(`nobody-${m.loginId}`);
    expect(known).toBeGreaterThanOrEqual(FAILURE_ANSWER_MS - 5);
    expect(unknown).toBeGreaterThanOrEqual(FAILURE_ANSWER_MS - 5);
    // Both answered at the fixed time; only scheduling noise may part them, not a growing delay (400 ms steps before).
    expect(Math.abs(known - unknown)).toBeLessThan(350);
  }, 60_000);
});
