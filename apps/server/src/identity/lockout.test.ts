import { MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { Browser, startAuthorization } from '../../test/oidc-browser';
import { hashPassword, LOCK_AFTER_FAILURES } from './credentials';

const RIGHT = 'Right#Pass77';

describe('lock-out that cannot be raced', () => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    ctx = await createTestContext();
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
});
