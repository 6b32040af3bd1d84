import { EULA_MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { seedEula } from '../../seed/eula';

describe('EULA API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function claimsOf(m: BuiltMember): Promise<Record<string, string>> {
    const res = await ctx.app.inject({ url: '/api/app/Profiles/Claims', headers: await ctx.as(m.accountId) });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(res.json().results.map((c: { type: string; value: string }) => [c.type, c.value]));
  }

  async function nameOf(m: BuiltMember): Promise<string> {
    const row = await ctx.db.one<{ n: string }>("SELECT first_name || ' ' || last_name AS n FROM members WHERE id = $1", [m.memberId]);
    return row!.n;
  }

  const acknowledge = async (m: BuiltMember, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/app/NotificationAcknowledgement', headers: await ctx.as(m.accountId), payload });

  const publish = async (m: BuiltMember, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/app/Eula', headers: await ctx.as(m.accountId), payload });

  it('answers 404 while no agreement exists, and nobody is asked to accept one', async () => {
    const m = await ctx.factories.buildMember();
    const res = await ctx.app.inject({ url: '/api/app/Eula/Current', headers: await ctx.as(m.accountId) });
    expect(res.statusCode).toBe(404);
    expect((await claimsOf(m)).isEulaExpired).toBe('false');
  });

  it("shows the member's accepted agreement, or the current one unaccepted", async () => {
    const accepted = await ctx.factories.buildMember();
    await seedEula(ctx.db);
    const newcomer = await ctx.factories.buildMember();
    const mine = await ctx.app.inject({ url: '/api/app/Eula/GetUserEula', headers: await ctx.as(accepted.accountId) });
    expect(mine.json().results[0]).toMatchObject({ version: '2026.1', acknowledgementTime: '2026-01-15T16:00:00.000Z' });
    const theirs = await ctx.app.inject({ url: '/api/app/Eula/GetUserEula', headers: await ctx.as(newcomer.accountId) });
    expect(theirs.json().results[0]).toMatchObject({ version: '2026.1', acknowledgementTime: null, signature: null });
    const current = await ctx.app.inject({ url: '/api/app/Eula/Current', headers: await ctx.as(newcomer.accountId) });
    expect(current.json().results[0]).toMatchObject({ name: 'End User License Agreement' });
    expect(current.json().results[0].content).toContain('Use of MLS data');
  });

  it('carries isEulaExpired and the member claims of seed 002 §3', async () => {
    const newcomer = await ctx.factories.buildMember();
    const claims = await claimsOf(newcomer);
    const [first, last] = (await nameOf(newcomer)).split(' ');
    expect(claims).toMatchObject({
      isEulaExpired: 'true',
      memberFirstName: first,
      memberLastName: last,
      userid: String(newcomer.memberId),
    });
    expect(claims).toHaveProperty('memberStateLicense');
  });

  it('accepts only the member typing their own name, in any letter case; records the signature and time', async () => {
    const m = await ctx.factories.buildMember();
    const current = (await ctx.app.inject({ url: '/api/app/Eula/Current', headers: await ctx.as(m.accountId) })).json().results[0];
    const base = { loginId: m.loginId, licenseId: current.id, notificationId: null, type: 'eula' };

    for (const name of ['', 'Someone Else']) {
      const wrong = await acknowledge(m, { ...base, name });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ field: 'name', message: EULA_MESSAGES.nameMismatch }]);
    }
    expect((await claimsOf(m)).isEulaExpired).toBe('true');

    const typed = `  ${(await nameOf(m)).toUpperCase().replace(' ', '   ')} `;
    const before = Date.now();
    const ok = await acknowledge(m, { ...base, name: typed });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('EULA Accepted');
    const signature = (await nameOf(m)).toUpperCase();
    expect(ok.json().results[0]).toMatchObject({ id: current.id, signature });
    expect(Date.parse(ok.json().results[0].acknowledgementTime)).toBeGreaterThanOrEqual(before - 1000);
    expect((await claimsOf(m)).isEulaExpired).toBe('false');

    const view = await ctx.app.inject({ url: '/api/app/Eula/GetUserEula', headers: await ctx.as(m.accountId) });
    expect(view.json().results[0]).toMatchObject({ id: current.id, signature });
  });

  it("refuses another member's acceptance, other acknowledgement types and unknown versions, and writes nothing", async () => {
    const m = await ctx.factories.buildMember();
    const other = await ctx.factories.buildMember();
    const current = (await ctx.app.inject({ url: '/api/app/Eula/Current', headers: await ctx.as(m.accountId) })).json().results[0];
    const name = await nameOf(other);
    const forOther = await acknowledge(m, { loginId: other.loginId, name, licenseId: current.id, type: 'eula' });
    expect(forOther.statusCode).toBe(403);
    const wrongType = await acknowledge(m, { loginId: m.loginId, name: await nameOf(m), licenseId: current.id, type: 'notice' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].field).toBe('type');
    const malformed = await acknowledge(m, { loginId: m.loginId, name: await nameOf(m), licenseId: 'x', type: 'eula' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('licenseId');
    expect((await claimsOf(m)).isEulaExpired).toBe('true');
    expect((await claimsOf(other)).isEulaExpired).toBe('true');
  });

  it('a new version published by MLS staff makes every member accept again; only level 5 may publish and list', async () => {
    const staff = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const aorAdmin = await ctx.factories.buildMember({ type: 'Association Staff', isCrmlsAorAdmin: true });
    const agent = await ctx.factories.buildMember();
    const first = (await ctx.app.inject({ url: '/api/app/Eula/Current', headers: await ctx.as(agent.accountId) })).json().results[0];
    expect(
      (await acknowledge(agent, { loginId: agent.loginId, name: await nameOf(agent), licenseId: first.id, type: 'eula' })).statusCode,
    ).toBe(200);
    expect((await claimsOf(agent)).isEulaExpired).toBe('false');

    const refused = await publish(aorAdmin, { name: 'Portal Terms 2', content: '<p>New terms</p>' });
    expect(refused.statusCode).toBe(403);
    const listRefused = await ctx.app.inject({ url: '/api/app/Eula', headers: await ctx.as(agent.accountId) });
    expect(listRefused.statusCode).toBe(403);
    const whoRefused = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/Eula/${first.id}/Acceptances/q`,
      headers: await ctx.as(aorAdmin.accountId),
      payload: {},
    });
    expect(whoRefused.statusCode).toBe(403);

    const bad = await publish(staff, { name: 'Tos', content: '<p> </p>' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['content', 'name']);

    const published = await publish(staff, {
      name: 'Portal Terms 2',
      content: '<h2>Portal Terms 2</h2><p>New <strong>terms</strong></p><script>alert(1)</script>',
    });
    expect(published.statusCode).toBe(200);
    const second = published.json().results[0];
    expect(second.id).not.toBe(first.id);
    expect(second.content).not.toContain('<script');
    expect(second.version).toMatch(/^\d{4}\.\d+$/);

    expect((await claimsOf(agent)).isEulaExpired).toBe('true');
    const stale = await acknowledge(agent, { loginId: agent.loginId, name: await nameOf(agent), licenseId: first.id, type: 'eula' });
    expect(stale.statusCode).toBe(409);
    expect(
      (await acknowledge(agent, { loginId: agent.loginId, name: await nameOf(agent), licenseId: second.id, type: 'eula' })).statusCode,
    ).toBe(200);

    const versions = (await ctx.app.inject({ url: '/api/app/Eula', headers: await ctx.as(staff.accountId) })).json().results;
    expect(versions[0]).toMatchObject({ id: second.id, name: 'Portal Terms 2', isCurrent: true, acceptedCount: 1 });
    expect(versions.find((v: { id: number }) => v.id === first.id)).toMatchObject({ isCurrent: false });

    const who = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/Eula/${second.id}/Acceptances/q`,
      headers: await ctx.as(staff.accountId),
      payload: { pageSize: 10 },
    });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ totalResults: 1 });
    expect(who.json().results[0]).toMatchObject({ loginId: agent.loginId, signature: await nameOf(agent) });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Eula/999999/Acceptances/q',
      headers: await ctx.as(staff.accountId),
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses every other call of a member until they accept the current EULA, then lets them through at once', async () => {
    const newcomer = await ctx.factories.buildMember();
    const headers = await ctx.as(newcomer.accountId);
    const refused = await ctx.app.inject({ url: '/api/app/SystemNotifications', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EULA_ACCEPTANCE_REQUIRED', message: EULA_MESSAGES.acceptanceRequired });
    // What the EULA screen needs stays open.
    for (const url of ['/api/app/Profiles/Claims', '/api/app/Eula/Current', '/api/app/Members/AuthMemberDto', '/api/app/DynamicMenus/']) {
      expect((await ctx.app.inject({ url, headers })).statusCode, url).toBe(200);
    }
    const current = (await ctx.app.inject({ url: '/api/app/Eula/Current', headers })).json().results[0];
    const ok = await acknowledge(newcomer, {
      loginId: newcomer.loginId,
      licenseId: current.id,
      type: 'eula',
      name: await nameOf(newcomer),
    });
    expect(ok.statusCode).toBe(200);
    // The same token, whose principal was cached while the EULA was due.
    expect((await ctx.app.inject({ url: '/api/app/SystemNotifications', headers })).statusCode).toBe(200);
  });
});
