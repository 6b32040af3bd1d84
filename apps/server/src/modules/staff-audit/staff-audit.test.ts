import { STAFF_AUDIT_MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { staffAuditRetentionJob } from './service';

describe('the staff audit trail (issue 32 §6)', () => {
  let ctx: TestContext;
  let mls: { accountId: number; loginId: string };
  let association: { accountId: number };
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: '127.0.0.1' } });
    mls = await ctx.factories.buildMember({ type: 'MLS Staff', isCrmlsAdmin: true });
    association = await ctx.factories.buildMember({ type: 'Association Staff', isCrmlsAorAdmin: true });
  });
  afterAll(() => ctx.close());

  const audit = async (accountId: number, query = '', path = '') =>
    ctx.app.inject({ url: `/api/app/StaffAudit${path}${query}`, headers: await ctx.as(accountId) });

  async function unlock(loginId: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountSecurity/Unlock',
      headers: { ...(await ctx.as(mls.accountId)), 'x-forwarded-for': '24.24.24.24', 'user-agent': 'AuditTest/1.0' },
      payload: { loginId },
    });
    expect(res.statusCode).toBe(200);
  }

  it('records a staff write with who, what, on whom, when and from where; a member’s own write is not recorded', async () => {
    const m = await ctx.factories.buildMember();
    await unlock(m.loginId);
    const res = await audit(mls.accountId, `?subject=${m.loginId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        actorLogin: mls.loginId,
        actorLevel: 5,
        action: 'account-security.unlock',
        area: 'account-security',
        route: 'POST /api/app/AccountSecurity/Unlock',
        subject: expect.stringContaining(`login=${m.loginId}`),
        clientAddress: '24.24.24.24',
        userAgent: 'AuditTest/1.0',
      }),
    ]);
    // A refused write (403) is not a staff action; nor is a member's own change.
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountSecurity/Unlock',
      headers: await ctx.as(association.accountId),
      payload: { loginId: m.loginId },
    });
    expect(refused.statusCode).toBe(403);
    expect((await audit(mls.accountId, `?subject=${m.loginId}`)).json().totalResults).toBe(1);
    await ctx.app.inject({ method: 'POST', url: '/api/app/MemberRecoveryCodes/Generate', headers: await ctx.as(m.accountId), payload: {} });
    expect((await audit(mls.accountId, `?actor=${m.loginId}`)).json().totalResults).toBe(0);
  });

  it('searches by actor, subject, action and days, pages, and exports CSV', async () => {
    const a = await ctx.factories.buildMember();
    const b = await ctx.factories.buildMember();
    await unlock(a.loginId);
    await unlock(b.loginId);
    const byActor = (await audit(mls.accountId, `?actor=${mls.loginId}&action=unlock&pageSize=1`)).json();
    expect(byActor.totalResults).toBeGreaterThanOrEqual(2);
    expect(byActor.results).toHaveLength(1);
    expect(byActor.results[0].subject).toContain(b.loginId);
    expect((await audit(mls.accountId, '?action=no-such-action')).json().results).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(mls.accountId, `?subject=${a.loginId}&from=2000-01-01&to=2000-12-31`)).json().results).toEqual([]);
    const backwards = await audit(mls.accountId, `?from=${today}&to=2000-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ field: 'to', message: STAFF_AUDIT_MESSAGES.rangeBackwards }]);

    const csv = await audit(mls.accountId, `?subject=${a.loginId}`, '/Export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Login ID,Name,Level,Action,Area,Route,Subject,Address,User agent');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('account-security.unlock');
  });

  it('is MLS staff only: association staff and members are refused', async () => {
    const m = await ctx.factories.buildMember();
    for (const accountId of [association.accountId, m.accountId]) {
      expect((await audit(accountId)).statusCode).toBe(403);
      expect((await audit(accountId, '', '/Export')).statusCode).toBe(403);
    }
  });

  it('is append-only: no route changes a row, the table refuses updates and deletes, and only retention deletes', async () => {
    const routes = ctx.app.registeredRoutes.filter((r) => /^\/api\/app\/staffaudit/i.test(r.url));
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`)).toEqual([]);
    await expect(ctx.db.query("UPDATE staff_audit_events SET subject = 'edited'")).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('DELETE FROM staff_audit_events')).rejects.toThrow(/append-only/);

    await ctx.db.query(
      `INSERT INTO staff_audit_events (actor_login, actor_level, action, route, occurred_on)
       VALUES ('old', 5, 'x.old', 'POST /x', now() - interval '800 days'), ('kept', 5, 'x.kept', 'POST /x', now() - interval '700 days')`,
    );
    expect(await staffAuditRetentionJob(730).run(ctx.db)).toEqual({ deleted: 1 });
    const left = await ctx.db.query<{ actor_login: string }>("SELECT actor_login FROM staff_audit_events WHERE action LIKE 'x.%'");
    expect(left.map((r) => r.actor_login)).toEqual(['kept']);
    // Outside the job's transaction the table still refuses.
    await expect(ctx.db.query("DELETE FROM staff_audit_events WHERE actor_login = 'kept'")).rejects.toThrow(/append-only/);
  });
});
