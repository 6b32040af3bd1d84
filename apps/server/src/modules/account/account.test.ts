import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { hashPassword } from '../../identity/credentials';
import { RECENTLY_USED } from './service';

describe('change password API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const change = async (accountId: number, payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/app/AccountContact/ChangePassword', headers: await ctx.as(accountId), payload });

  it('changes the password, clears the required update, and refuses reuse', async () => {
    const m = await ctx.factories.buildMember({ requiredPasswordUpdate: true, passwordHash: await hashPassword('Old#Pass123') });
    // One token for the whole journey, as a browser does: the cached principal must not outlive the change.
    const headers = await ctx.as(m.accountId);
    const profile = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/app/Members/AuthMemberDto', headers })).json().results[0].requiredPasswordUpdate;
    expect(await profile()).toBe(true);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountContact/ChangePassword',
      headers,
      payload: { loginId: m.loginId, password: 'Old#Pass123', newPassword: 'New#Pass456', confirmPassword: 'New#Pass456' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccessful: true, message: 'Your password has been changed.' });
    const member = await ctx.db.one<{ required_password_update: boolean }>('SELECT required_password_update FROM members WHERE id = $1', [
      m.memberId,
    ]);
    expect(member?.required_password_update).toBe(false);
    expect(await profile()).toBe(false);
    const back = await change(m.accountId, {
      loginId: m.loginId,
      password: 'New#Pass456',
      newPassword: 'Old#Pass123',
      confirmPassword: 'Old#Pass123',
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toEqual([{ field: 'newPassword', message: RECENTLY_USED }]);
  });

  it('refuses a wrong current password and weak or mismatched new ones, changing nothing', async () => {
    const m = await ctx.factories.buildMember({ passwordHash: await hashPassword('Keep#Mine1') });
    const before = await ctx.db.one<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [m.accountId]);
    const wrong = await change(m.accountId, {
      loginId: m.loginId,
      password: 'Nope#1234',
      newPassword: 'New#Pass456',
      confirmPassword: 'New#Pass456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('password');
    const weak = await change(m.accountId, { loginId: m.loginId, password: 'Keep#Mine1', newPassword: 'short', confirmPassword: 'other' });
    expect(weak.statusCode).toBe(400);
    const fields = weak.json().errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    expect(fields).toContain('newPassword: Password must be at least 8 characters');
    expect(fields).toContain('confirmPassword: Passwords do not match');
    const after = await ctx.db.one<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [m.accountId]);
    expect(after?.password_hash).toBe(before?.password_hash);
  });

  it("refuses to change another member's password", async () => {
    const victim = await ctx.factories.buildMember({ passwordHash: await hashPassword('Victim#123') });
    const intruder = await ctx.factories.buildMember({ passwordHash: await hashPassword('Intruder#1') });
    const res = await change(intruder.accountId, {
      loginId: victim.loginId,
      password: 'Intruder#1',
      newPassword: 'Taken#Over1',
      confirmPassword: 'Taken#Over1',
    });
    expect(res.statusCode).toBe(403);
  });
});
