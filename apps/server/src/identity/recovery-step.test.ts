import { MESSAGES, RECOVERY_CODE_COUNT, RECOVERY_CODE_MESSAGES } from '@portico/shared';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../test/oidc-browser';
import { hashPassword, LOCK_AFTER_FAILURES } from './credentials';

const PASSWORD = 'Recovery#Step1';

describe('recovery codes (issue 32 §2)', () => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => ctx.close());

  /** A member with an authenticator app as their one factor, and a fresh set of recovery codes made through the API. */
  async function memberWithCodes() {
    const m = await ctx.factories.buildMember({ passwordHash });
    await ctx.db.query(
      `INSERT INTO member_second_factors (member_id, type, value, secret, is_enabled, sort_order) VALUES ($1, 'totp', 'My phone', $2, true, 1)`,
      [m.memberId, authenticator.generateSecret(20)],
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/MemberRecoveryCodes/Generate',
      headers: await ctx.as(m.accountId),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const { codes } = res.json().results[0] as { codes: string[] };
    return { ...m, codes };
  }

  async function factorStep(loginId: string) {
    const browser = new Browser(ctx.app);
    const { verifier, signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: PASSWORD });
    expect(res.body).toContain('Use a recovery code');
    return { browser, verifier, signinPath };
  }
  const alert = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1]?.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const state = async (accountId: number) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/app/MemberRecoveryCodes', headers: await ctx.as(accountId) })).json().results[0];

  it('makes ten codes shown once, stored as argon2id hashes, and a new set voids the old', async () => {
    const m = await memberWithCodes();
    expect(m.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(m.codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of m.codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const rows = await ctx.db.query<{ code_hash: string }>('SELECT code_hash FROM member_recovery_codes WHERE member_id = $1', [
      m.memberId,
    ]);
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    // The password's parameters: argon2id, 19 MiB, 2 passes.
    for (const row of rows) expect(row.code_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const listed = await state(m.accountId);
    expect(listed).toEqual({ remaining: 10, total: 10, generatedOn: expect.any(String), lastUsedOn: null });
    expect(JSON.stringify(listed)).not.toContain(m.codes[0]);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/MemberRecoveryCodes/Generate',
      headers: await ctx.as(m.accountId),
      payload: {},
    });
    const fresh = again.json().results[0].codes as string[];
    expect(fresh.some((c) => m.codes.includes(c))).toBe(false);
    const count = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM member_recovery_codes WHERE member_id = $1', [
      m.memberId,
    ]);
    expect(count?.n).toBe(RECOVERY_CODE_COUNT);
    // The old set no longer signs in.
    const { browser, signinPath } = await factorStep(m.loginId);
    const old = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: m.codes[0] });
    expect(old.statusCode).toBe(401);
    expect(alert(old.body)).toBe(RECOVERY_CODE_MESSAGES.wrong);
    // Unknown fields are refused; nobody signed out reads a set.
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/MemberRecoveryCodes/Generate',
      headers: await ctx.as(m.accountId),
      payload: { memberId: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/MemberRecoveryCodes' })).statusCode).toBe(401);
  }, 60_000);

  it('signs in with a code in place of the factor once, mails the member how many are left', async () => {
    const m = await memberWithCodes();
    const { browser, verifier, signinPath } = await factorStep(m.loginId);
    const form = await browser.request('POST', `${signinPath}/recovery`, {});
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<label for="recovery-code">Recovery code</label>');
    const badShape = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: 'nope' });
    expect(badShape.statusCode).toBe(400);
    expect(alert(badShape.body)).toBe(RECOVERY_CODE_MESSAGES.shape);
    // Typed in capitals and without the dash, it still counts.
    const right = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: m.codes[3].replace('-', '').toUpperCase() });
    expect(right.statusCode).toBe(303);
    const authCode = await followToCallback(browser, right.headers.location as string);
    expect((await exchangeCode(ctx.app, authCode!, verifier)).statusCode).toBe(200);
    expect(await state(m.accountId)).toMatchObject({ remaining: 9, lastUsedOn: expect.any(String) });
    const mail = await ctx.db.one<{ subject: string; body_text: string }>(
      'SELECT subject, body_text FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [`${m.loginId}@example.test`],
    );
    expect(mail?.subject).toBe(RECOVERY_CODE_MESSAGES.usedMailSubject);
    expect(mail?.body_text).toContain('You have 9 recovery codes left.');
    expect(mail?.body_text).toContain('/account-settings/manage-authentications');

    // The same code cannot sign in a second time.
    const again = await factorStep(m.loginId);
    const replay = await again.browser.request('POST', `${again.signinPath}/recovery`, { recoveryCode: m.codes[3] });
    expect(replay.statusCode).toBe(401);
    expect(alert(replay.body)).toBe(RECOVERY_CODE_MESSAGES.wrong);
  }, 60_000);

  it('counts wrong recovery codes toward the same lock-out as wrong passwords and codes', async () => {
    const m = await memberWithCodes();
    const { browser, signinPath } = await factorStep(m.loginId);
    let last = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: 'aaaaa-aaaaa' });
    expect(last.statusCode).toBe(401);
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++)
      last = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: 'aaaaa-aaaaa' });
    // Locked: back to the password page with the one sign-in failure message, and a right code is no longer taken.
    expect(last.body).toContain('<label for="password">Password</label>');
    expect(alert(last.body)).toBe(MESSAGES.signInFailed);
    const account = await ctx.db.one<{ locked_until: Date | null }>('SELECT locked_until FROM accounts WHERE id = $1', [m.accountId]);
    expect(account?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    const late = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: m.codes[0] });
    expect(late.statusCode).toBe(401);
    expect(late.headers.location).toBeUndefined();
    expect((await state(m.accountId)).remaining).toBe(10);
  }, 60_000);
});
