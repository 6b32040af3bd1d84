import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { hashPassword, verifySignIn } from '../../identity/credentials';
import { RESET_REQUESTS_PER_HOUR } from './password-reset';

describe('forgot and reset password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/app/AccountContact/${url}`, payload: payload as object });
  const lastLink = async (to: string) => {
    const mail = await ctx.db.one<{ body_text: string }>(
      'SELECT body_text FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [to],
    );
    return /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1] ?? null;
  };

  it('answers the same for unknown and known login ids, and mails a link only to the known one', async () => {
    const m = await ctx.factories.buildMember({ passwordHash: await hashPassword('Forgot#Me1') });
    const unknown = await post('ForgotPassword', { LoginId: 'nobody-at-all' });
    const known = await post('ForgotPassword', { LoginId: m.loginId });
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
    expect(await lastLink(`${m.loginId}@example.test`)).toBeTruthy();
    const mails = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox_emails');
    expect(mails?.n).toBe(1);
  });

  it('resets with a valid token once, then the token is spent', async () => {
    const m = await ctx.factories.buildMember({ passwordHash: await hashPassword('Forgot#Me1') });
    await post('ForgotPassword', { LoginId: m.loginId });
    const token = (await lastLink(`${m.loginId}@example.test`))!;
    const check = await post('ValidateResetToken', { Token: token });
    expect(check.json().results[0]).toEqual({ memberLoginId: m.loginId, isNew: false });
    const reset = await post('ResetPassword', {
      loginId: m.loginId,
      Token: token,
      Password: 'Brand#New22',
      ConfirmPassword: 'Brand#New22',
    });
    expect(reset.statusCode).toBe(200);
    expect((await verifySignIn(ctx.db, m.loginId, 'Brand#New22')).ok).toBe(true);
    const again = await post('ResetPassword', {
      loginId: m.loginId,
      Token: token,
      Password: 'Other#New33',
      ConfirmPassword: 'Other#New33',
    });
    expect(again.statusCode).toBe(400);
    expect((await post('ValidateResetToken', { Token: token })).statusCode).toBe(400);
    expect((await verifySignIn(ctx.db, m.loginId, 'Brand#New22')).ok).toBe(true);
  });

  it('refuses weak passwords and foreign or missing tokens with field errors', async () => {
    const m = await ctx.factories.buildMember({ passwordHash: await hashPassword('Forgot#Me1') });
    const other = await ctx.factories.buildMember();
    await post('ForgotPassword', { LoginId: m.loginId });
    const token = (await lastLink(`${m.loginId}@example.test`))!;
    const weak = await post('ResetPassword', { loginId: m.loginId, Token: token, Password: 'weak', ConfirmPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.map((e: { field: string }) => e.field)).toContain('Password');
    const foreign = await post('ResetPassword', {
      loginId: other.loginId,
      Token: token,
      Password: 'Brand#New22',
      ConfirmPassword: 'Brand#New22',
    });
    expect(foreign.statusCode).toBe(400);
    expect((await post('ForgotPassword', {})).json().errors[0].message).toBe('User ID Required');
    expect((await verifySignIn(ctx.db, m.loginId, 'Forgot#Me1')).ok).toBe(true);
  });

  it(`sends at most ${RESET_REQUESTS_PER_HOUR} links an hour per account, from any number of addresses`, async () => {
    const m = await ctx.factories.buildMember();
    for (let i = 0; i < RESET_REQUESTS_PER_HOUR + 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/AccountContact/ForgotPassword',
        payload: { LoginId: m.loginId },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const n = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = $1', [
      `${m.loginId}@example.test`,
    ]);
    expect(n?.n).toBe(RESET_REQUESTS_PER_HOUR);
  });
});
