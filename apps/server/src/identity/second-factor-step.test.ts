import { MESSAGES } from '@portico/shared';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../test/oidc-browser';
import { hashPassword, LOCK_AFTER_FAILURES } from './credentials';
import { WRONG_CODE } from './second-factor-step';

const PASSWORD = 'Second#Step1';

describe('sign-in with a second factor', () => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => ctx.close());

  /** A member whose factors are, in this order, an authenticator app and/or the e-mail on file (turned on). */
  async function memberWith(factors: Array<'totp' | 'email'>) {
    const m = await ctx.factories.buildMember({ passwordHash });
    const secret = authenticator.generateSecret(20);
    for (const [index, type] of factors.entries()) {
      await ctx.db.query(
        `INSERT INTO member_second_factors (member_id, type, value, secret, is_enabled, is_from_member_data, sort_order)
         VALUES ($1, $2, $3, $4, true, $5, $6)`,
        [
          m.memberId,
          type,
          type === 'email' ? `${m.loginId}@example.test` : 'My phone',
          type === 'totp' ? secret : null,
          type === 'email',
          index,
        ],
      );
    }
    return { ...m, secret };
  }

  async function passwordStep(loginId: string) {
    const browser = new Browser(ctx.app);
    const { verifier, signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: PASSWORD });
    return { browser, verifier, signinPath, res };
  }
  const alert = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1]?.replace(/&#39;/g, "'");
  const mailedCode = async (to: string) =>
    /\n(\d{6})\n/.exec(
      (await ctx.db.one<{ body_text: string }>('SELECT body_text FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [to]))
        ?.body_text ?? '',
    )?.[1];

  it('asks for the authenticator code after the password, and signs in with it once', async () => {
    const m = await memberWith(['totp']);
    const { browser, verifier, signinPath, res } = await passwordStep(m.loginId);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Verify it’s you');
    expect(res.body).toContain('<label for="code">Verification code</label>');
    expect(res.body).toContain('authenticator app “My phone”');
    // The password alone ends nothing: the run of failures is still counted.
    const bad = await browser.request('POST', `${signinPath}/factor`, { code: '12345' });
    expect(bad.statusCode).toBe(400);
    const code = authenticator.generate(m.secret);
    const wrong = await browser.request('POST', `${signinPath}/factor`, { code: code === '000000' ? '999999' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(alert(wrong.body)).toBe(WRONG_CODE);
    const right = await browser.request('POST', `${signinPath}/factor`, { code });
    expect(right.statusCode).toBe(303);
    const authCode = await followToCallback(browser, right.headers.location as string);
    expect((await exchangeCode(ctx.app, authCode!, verifier)).statusCode).toBe(200);
    const account = await ctx.db.one<{ failed_attempts: number }>('SELECT failed_attempts FROM accounts WHERE id = $1', [m.accountId]);
    expect(account?.failed_attempts).toBe(0);

    // The same code cannot sign in a second time.
    const again = await passwordStep(m.loginId);
    const replay = await again.browser.request('POST', `${again.signinPath}/factor`, { code });
    expect(replay.statusCode).toBe(401);
  });

  it('mails a code for an e-mail factor, and offers the other factors', async () => {
    const m = await memberWith(['email', 'totp']);
    const { browser, signinPath, res } = await passwordStep(m.loginId);
    expect(res.body).toContain('We sent a 6-digit code to me•••@example.test');
    expect(res.body).toContain('Authenticator App: My phone');
    const first = await mailedCode(`${m.loginId}@example.test`);
    expect(first).toMatch(/^\d{6}$/);
    const stored = await ctx.db.one<{ code_hash: string }>('SELECT code_hash FROM sign_in_challenges WHERE account_id = $1', [m.accountId]);
    expect(stored?.code_hash).not.toContain(first);
    // Choosing the authenticator, then the e-mail again within the minute, sends no second mail.
    const totpId = /name="factorId" value="(\d+)">Authenticator App/.exec(res.body)?.[1];
    const switched = await browser.request('POST', `${signinPath}/factor/choose`, { factorId: totpId! });
    expect(switched.body).toContain('authenticator app “My phone”');
    const emailId = /name="factorId" value="(\d+)">Email/.exec(switched.body)?.[1];
    const mails = async () =>
      (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = $1', [
        `${m.loginId}@example.test`,
      ]))!.n;
    const back = await browser.request('POST', `${signinPath}/factor/choose`, { factorId: emailId! });
    expect(back.body).toContain('We sent a 6-digit code');
    expect(await mails()).toBe(1);
    const soon = await browser.request('POST', `${signinPath}/factor/choose`, { factorId: emailId! });
    expect(soon.statusCode).toBe(200);
    expect(await mails()).toBe(1);
    await ctx.db.query("UPDATE sign_in_challenges SET code_sent_on = now() - interval '2 minutes' WHERE account_id = $1", [m.accountId]);
    await browser.request('POST', `${signinPath}/factor/choose`, { factorId: emailId! });
    expect(await mails()).toBe(2);
    const foreign = await browser.request('POST', `${signinPath}/factor/choose`, { factorId: '999999' });
    expect(foreign.statusCode).toBe(401);
    expect(alert(foreign.body)).toBe(MESSAGES.signInFailed);
  });

  it('signs in with the mailed code', async () => {
    const m = await memberWith(['email']);
    const { browser, verifier, signinPath } = await passwordStep(m.loginId);
    const code = await mailedCode(`${m.loginId}@example.test`);
    const right = await browser.request('POST', `${signinPath}/factor`, { code: code! });
    expect(right.statusCode).toBe(303);
    const authCode = await followToCallback(browser, right.headers.location as string);
    expect((await exchangeCode(ctx.app, authCode!, verifier)).statusCode).toBe(200);
  });

  it('counts wrong codes toward the same lock-out as wrong passwords', async () => {
    const m = await memberWith(['email']);
    const { browser, signinPath } = await passwordStep(m.loginId);
    const code = (await mailedCode(`${m.loginId}@example.test`))!;
    const wrong = code === '000000' ? '111111' : '000000';
    let last = await browser.request('POST', `${signinPath}/factor`, { code: wrong });
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++) last = await browser.request('POST', `${signinPath}/factor`, { code: wrong });
    // Locked: back to the password page with the one sign-in failure message.
    expect(last.statusCode).toBe(401);
    expect(last.body).toContain('<label for="password">Password</label>');
    expect(alert(last.body)).toBe(MESSAGES.signInFailed);
    const account = await ctx.db.one<{ locked_until: Date | null }>('SELECT locked_until FROM accounts WHERE id = $1', [m.accountId]);
    expect(account?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    const late = await browser.request('POST', `${signinPath}/factor`, { code });
    expect(late.statusCode).toBe(401);
    expect(late.headers.location).toBeUndefined();
    const password = await passwordStep(m.loginId);
    expect(password.res.statusCode).toBe(401);
  }, 60_000);

  it('leaves sign-in unchanged when the only factor is the e-mail on file, turned off', async () => {
    const m = await ctx.factories.buildMember({ passwordHash });
    await ctx.db.query(
      `INSERT INTO member_second_factors (member_id, type, value, is_enabled, is_from_member_data) VALUES ($1, 'email', $2, false, true)`,
      [m.memberId, `${m.loginId}@example.test`],
    );
    const { res } = await passwordStep(m.loginId);
    expect(res.statusCode).toBe(303);
  });
});
