import { MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { hashPassword } from '../identity/credentials';

describe('a required password update closes the API but for the password change and the shell (decision 0931)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const key = (method: string, url: string) => `${method} ${url.toLowerCase()}`;
  // The shell's loads and the change itself; each says so on its route line, `gates: { passwordUpdate: false }`.
  const OPEN = [
    'GET /api/app/Members/AuthMemberDto',
    'GET /api/app/Profiles/Contact/:id',
    'PUT /api/app/Profiles/:id',
    'GET /api/app/DynamicMenus/',
    'POST /api/app/AccountContact/ChangePassword',
  ];
  const allowed = new Set(OPEN.map((r) => key(r.split(' ')[0], r.split(' ')[1])));
  // Every route that needs a sign-in, as registered (path parameters filled with 1).
  const guarded = () => ctx.app.registeredRoutes.filter((r) => r.access && r.access !== 'public');
  const call = async (r: { method: string; url: string }, headers: Record<string, string>) =>
    ctx.app.inject({ method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x'), headers, payload: {} });

  it("opens exactly the shell and the change, by the routes' own gates flags", () => {
    const open = guarded().filter((r) => r.guard && !r.guard.gates.includes('password'));
    expect(open.map((r) => key(r.method, r.url)).sort()).toEqual([...allowed].sort());
  });

  it('answers 403 PASSWORD_UPDATE_REQUIRED with the message the app shows on every other route', async () => {
    const m = await ctx.factories.buildMember({ type: 'Broker', requiredPasswordUpdate: true });
    const headers = await ctx.as(m.accountId);
    const routes = guarded();
    expect(routes.length).toBeGreaterThan(50);
    const open: string[] = [];
    for (const r of routes) {
      const res = await call(r, headers);
      const refused = res.statusCode === 403 && res.json().code === 'PASSWORD_UPDATE_REQUIRED';
      if (allowed.has(key(r.method, r.url))) {
        expect(refused, `${r.method} ${r.url} stays open`).toBe(false);
      } else if (!refused) {
        open.push(`${r.method} ${r.url} -> ${res.statusCode}`);
      } else {
        expect(res.json()).toMatchObject({ isSuccessful: false, message: MESSAGES.passwordResetRequiredBody, results: [] });
      }
    }
    expect(open).toEqual([]);
    // A member without the flag is not stopped by the gate on the same routes.
    const other = await ctx.factories.buildMember({ type: 'Broker' });
    const otherHeaders = await ctx.as(other.accountId);
    for (const r of routes.slice(0, 40)) {
      const res = await call(r, otherHeaders);
      expect(res.statusCode === 403 && res.json().code === 'PASSWORD_UPDATE_REQUIRED', `${r.method} ${r.url}`).toBe(false);
    }
  });

  it('lets the shell load and the password change through; after the change, the same token reaches everything', async () => {
    const m = await ctx.factories.buildMember({ requiredPasswordUpdate: true, passwordHash: await hashPassword('Old#Pass123') });
    const headers = await ctx.as(m.accountId);
    const member = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers });
    expect(member.statusCode).toBe(200);
    expect(member.json().results[0].requiredPasswordUpdate).toBe(true);
    expect((await ctx.app.inject({ url: `/api/app/Profiles/Contact/${m.memberId}`, headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/app/DynamicMenus/', headers })).statusCode).toBe(200);
    const notifications = () => ctx.app.inject({ url: '/api/app/SystemNotifications', headers });
    expect((await notifications()).statusCode).toBe(403);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountContact/ChangePassword',
      headers,
      payload: { loginId: m.loginId, password: 'Old#Pass123', newPassword: 'New#Pass456', confirmPassword: 'New#Pass456' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await notifications()).statusCode).toBe(200);
  });
});
