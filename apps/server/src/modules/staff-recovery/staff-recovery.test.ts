import { STAFF_RECOVERY_MESSAGES as M, RECOVERY_CODE_MESSAGES, SECOND_FACTOR_POLICY_MESSAGES } from '@portico/shared';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../../test/oidc-browser';
import { hashPassword, LOCK_AFTER_FAILURES } from '../../identity/credentials';

const PASSWORD = 'Staff#Recovery1';
const ASKED = { questions: ['license-number', 'office-name'], reason: 'Lost phone with the authenticator app' };

describe('staff-assisted recovery (issue 32 §4)', () => {
  let ctx: TestContext;
  let passwordHash: string;
  let mls: { accountId: number };
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    passwordHash = await hashPassword(PASSWORD);
    mls = await ctx.factories.buildMember({ type: 'MLS Staff', isCrmlsAdmin: true });
  });
  afterAll(() => ctx.close());

  /** A member whose one factor is an authenticator app they lost. */
  async function memberWithFactor(office?: { id: number; code: string; aorId: number }) {
    const m = await ctx.factories.buildMember({ passwordHash, office });
    await ctx.db.query(
      `INSERT INTO member_second_factors (member_id, type, value, secret, is_enabled, sort_order, created_on)
       VALUES ($1, 'totp', 'Lost phone', $2, true, 1, now() - interval '1 day')`,
      [m.memberId, authenticator.generateSecret(20)],
    );
    return m;
  }
  const issue = async (byAccountId: number, loginId: string, body: object = ASKED) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountSecurity/RecoveryCode',
      headers: await ctx.as(byAccountId),
      payload: { loginId, ...body },
    });
  async function factorStep(loginId: string) {
    const browser = new Browser(ctx.app);
    const { verifier, signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: PASSWORD });
    expect(res.body).toContain('Use a recovery code');
    return { browser, verifier, signinPath };
  }

  it('lets association staff issue for their own members only, MLS staff for all, and refuses bad input with field errors', async () => {
    const office = await ctx.factories.buildOffice();
    const own = await memberWithFactor(office);
    const other = await memberWithFactor();
    const assoc = await ctx.factories.buildMember({ type: 'Association Staff', office, isCrmlsAorAdmin: true });
    const agent = await ctx.factories.buildMember({ office });

    expect((await issue(assoc.accountId, other.loginId)).statusCode).toBe(403);
    expect((await issue(agent.accountId, own.loginId)).statusCode).toBe(403);
    const ok = await issue(assoc.accountId, own.loginId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results[0]).toEqual({
      loginId: own.loginId,
      code: expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/),
      expiresAt: expect.any(String),
    });
    const minutes = (new Date(ok.json().results[0].expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);
    expect((await issue(mls.accountId, other.loginId)).statusCode).toBe(200);

    const bad = await issue(mls.accountId, own.loginId, { questions: ['license-number'], reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['questions', 'reason']);
    expect((await issue(mls.accountId, 'no-such-login')).statusCode).toBe(404);

    // Stored hashed with the questions (never answers) and the reason; the member is mailed; staff's name is on their activity.
    const stored = await ctx.db.one<{ code_hash: string; questions: string[]; reason: string }>(
      'SELECT code_hash, questions, reason FROM staff_recovery_codes WHERE account_id = $1 ORDER BY id LIMIT 1',
      [own.accountId],
    );
    expect(stored?.code_hash).toMatch(/^\$argon2id\$/);
    expect(stored?.questions).toEqual(['license-number', 'office-name']);
    const mail = await ctx.db.one<{ subject: string }>('SELECT subject FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
      `${own.loginId}@example.test`,
    ]);
    expect(mail?.subject).toBe(M.mailSubject);
    const activity = (await ctx.app.inject({ url: '/api/app/SecurityActivity', headers: await ctx.as(own.accountId) })).json().results;
    expect(activity[0]).toMatchObject({ kind: 'staff-recovery-code-issued', byStaff: expect.any(String) });
    expect(activity[0].detail).toContain('Real estate license number');
    const audit = await ctx.db.query<{ action: string }>('SELECT action FROM staff_audit_events WHERE subject LIKE $1', [
      `%${own.loginId}%`,
    ]);
    expect(audit.map((a) => a.action)).toEqual(['staff-recovery.issue']);
  });

  it('signs in once in place of the factor, then every other call waits for a new factor', async () => {
    const m = await memberWithFactor();
    const { code } = (await issue(mls.accountId, m.loginId)).json().results[0];
    const { browser, verifier, signinPath } = await factorStep(m.loginId);
    const right = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: code });
    expect(right.statusCode).toBe(303);
    const authCode = await followToCallback(browser, right.headers.location as string);
    const tokens = (await exchangeCode(ctx.app, authCode!, verifier)).json() as { access_token: string };
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const refused = await ctx.app.inject({ url: '/api/app/SecurityActivity', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SECOND_FACTOR_POLICY_MESSAGES.required);
    // The claims say why, so the required step's screen speaks of the staff's code.
    const claims = (await ctx.app.inject({ url: '/api/app/Profiles/Claims', headers })).json().results as Array<{
      type: string;
      value: string;
    }>;
    expect(claims.find((c) => c.type === 'secondFactorRequiredBy')?.value).toBe('staff');
    // A factor added after the code opens the API again.
    await ctx.db.query(
      `INSERT INTO member_second_factors (member_id, type, value, secret, is_enabled, sort_order) VALUES ($1, 'totp', 'New phone', $2, true, 2)`,
      [m.memberId, authenticator.generateSecret(20)],
    );
    const opened = await ctx.app.inject({ url: '/api/app/SecurityActivity', headers });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().results.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['sign-in', 'recovery-code-used', 'staff-recovery-code-issued']),
    );

    // The same code never works twice.
    const again = await factorStep(m.loginId);
    const replay = await again.browser.request('POST', `${again.signinPath}/recovery`, { recoveryCode: code });
    expect(replay.statusCode).toBe(401);
  }, 60_000);

  it('refuses an expired code, and wrong codes count toward the lock-out', async () => {
    const m = await memberWithFactor();
    const { code } = (await issue(mls.accountId, m.loginId)).json().results[0];
    await ctx.db.query("UPDATE staff_recovery_codes SET expires_at = now() - interval '1 minute' WHERE account_id = $1", [m.accountId]);
    const { browser, signinPath } = await factorStep(m.loginId);
    const late = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: code });
    expect(late.statusCode).toBe(401);
    const counted = await ctx.db.one<{ failed_attempts: number }>('SELECT failed_attempts FROM accounts WHERE id = $1', [m.accountId]);
    expect(counted?.failed_attempts).toBe(1);
    let last = late;
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++)
      last = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: 'aaaaa-aaaaa' });
    expect(last.body).toContain('<label for="password">Password</label>');
    const account = await ctx.db.one<{ locked_until: Date | null }>('SELECT locked_until FROM accounts WHERE id = $1', [m.accountId]);
    expect(account?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    // A fresh code is not taken while locked.
    const fresh = (await issue(mls.accountId, m.loginId)).json().results[0].code;
    const locked = await browser.request('POST', `${signinPath}/recovery`, { recoveryCode: fresh });
    expect(locked.statusCode).toBe(401);
    expect(locked.body).not.toContain(RECOVERY_CODE_MESSAGES.wrong);
  }, 60_000);
});
