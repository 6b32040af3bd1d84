import { SHARED_LOGIN_MESSAGES as M, MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../../test/oidc-browser';
import { hashPassword } from '../../identity/credentials';

const PASSWORD = 'Shared#Login1';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// Places of the offline address database (geoip-lite): Westminster, CA; New York, NY; Brooklyn, NY.
const WESTMINSTER_CA = '47.151.0.1';
const NEW_YORK = '72.229.28.185';
const BROOKLYN = '108.41.0.1';

describe('shared-login detection (issue 32 §5)', () => {
  let ctx: TestContext;
  let passwordHash: string;
  let mls: { accountId: number };
  beforeAll(async () => {
    // Behind a proxy on loopback: each sign-in's address is the one X-Forwarded-For names (decision 1130).
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off', TRUST_PROXY: '127.0.0.1' } });
    passwordHash = await hashPassword(PASSWORD);
    mls = await ctx.factories.buildMember({ type: 'MLS Staff', isCrmlsAdmin: true });
  });
  afterAll(() => ctx.close());

  /** A sign-in from a new browser (no device cookie: a new device) at the address. */
  async function signIn(loginId: string, address: string) {
    const browser = new Browser(ctx.app);
    browser.headers = { 'user-agent': CHROME, 'x-forwarded-for': address };
    const { verifier, signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    const code = await followToCallback(browser, res.headers.location as string);
    await exchangeCode(ctx.app, code!, verifier);
  }
  const call = async (accountId: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/app/SharedLogins${url}`, headers: await ctx.as(accountId), payload });
  const kindsOf = async (accountId: number) =>
    (
      await ctx.db.query<{ kind: string }>(`SELECT kind FROM shared_login_flags WHERE account_id = $1 AND state = 'open' ORDER BY kind`, [
        accountId,
      ])
    ).map((f) => f.kind);

  it('flags impossible travel between two far addresses, not between two near ones, with score and evidence', async () => {
    const far = await ctx.factories.buildMember({ passwordHash });
    await signIn(far.loginId, WESTMINSTER_CA);
    await signIn(far.loginId, NEW_YORK);
    expect(await kindsOf(far.accountId)).toEqual(['distant-sessions', 'impossible-travel']);

    const near = await ctx.factories.buildMember({ passwordHash });
    await signIn(near.loginId, NEW_YORK);
    await signIn(near.loginId, BROOKLYN);
    expect(await kindsOf(near.accountId)).toEqual([]);
    expect(
      (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_signals WHERE account_id = $1', [near.accountId]))?.n,
    ).toBe(2);

    const detail = await call(mls.accountId, 'GET', `/${far.accountId}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json().results[0];
    const travel = body.flags.find((f: { kind: string }) => f.kind === 'impossible-travel');
    expect(travel).toMatchObject({ state: 'open', label: 'Impossible travel', score: expect.any(Number) });
    expect(travel.score).toBeGreaterThanOrEqual(50);
    expect(travel.evidence).toMatchObject({ from: { address: WESTMINSTER_CA }, to: { address: NEW_YORK } });
    expect(travel.evidence.km).toBeGreaterThan(3500);
    expect(travel.summary).toContain('Westminster, CA, US to New York, NY, US');
    expect(body.signIns.map((s: { address: string }) => s.address)).toEqual([NEW_YORK, WESTMINSTER_CA]);
    expect(body.signIns[0].device).toBe('Chrome 131 on Windows 10');

    const queue = (await call(mls.accountId, 'GET', '')).json();
    expect(queue.results.find((r: { accountId: number }) => r.accountId === far.accountId)).toMatchObject({
      loginId: far.loginId,
      kinds: ['distant-sessions', 'impossible-travel'],
      openFlags: 2,
    });
    expect(queue.results.some((r: { accountId: number }) => r.accountId === near.accountId)).toBe(false);
  });

  it('flags more distinct devices in 7 days than the threshold MLS staff set, and refuses bad thresholds with field errors', async () => {
    const bad = await call(mls.accountId, 'PUT', '/Settings', { maxDevices: 1, speedKmh: 'fast', distanceKm: 500 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['maxDevices', 'speedKmh']);
    const saved = await call(mls.accountId, 'PUT', '/Settings', { maxDevices: 2, speedKmh: 900, distanceKm: 500 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().results[0]).toMatchObject({ maxDevices: 2, speedKmh: 900, distanceKm: 500 });
    try {
      const m = await ctx.factories.buildMember({ passwordHash });
      await signIn(m.loginId, NEW_YORK);
      await signIn(m.loginId, NEW_YORK);
      expect(await kindsOf(m.accountId)).toEqual([]);
      await signIn(m.loginId, BROOKLYN);
      expect(await kindsOf(m.accountId)).toEqual(['many-devices']);
      const flag = (await call(mls.accountId, 'GET', `/${m.accountId}`)).json().results[0].flags[0];
      expect(flag.evidence).toEqual({ devices: 3, days: 7, max: 2 });
    } finally {
      await call(mls.accountId, 'PUT', '/Settings', { maxDevices: 5, speedKmh: 900, distanceKm: 500 });
    }
  });

  it('scopes the queue: association staff see and act on their members only, members and brokers get 403', async () => {
    const office = await ctx.factories.buildOffice();
    const own = await ctx.factories.buildMember({ passwordHash, office });
    const other = await ctx.factories.buildMember({ passwordHash });
    for (const m of [own, other]) {
      await signIn(m.loginId, WESTMINSTER_CA);
      await signIn(m.loginId, NEW_YORK);
    }
    const assoc = await ctx.factories.buildMember({ type: 'Association Staff', office, isCrmlsAorAdmin: true });
    const agent = await ctx.factories.buildMember({ office });
    const broker = await ctx.factories.buildMember({ type: 'Broker', office });

    const listed = (await call(assoc.accountId, 'GET', '')).json().results.map((r: { accountId: number }) => r.accountId);
    expect(listed).toEqual([own.accountId]);
    expect((await call(assoc.accountId, 'GET', `/${own.accountId}`)).statusCode).toBe(200);
    expect((await call(assoc.accountId, 'GET', `/${other.accountId}`)).statusCode).toBe(403);
    expect((await call(assoc.accountId, 'POST', `/${other.accountId}/RequireReset`)).statusCode).toBe(403);
    expect((await call(assoc.accountId, 'PUT', '/Settings', { maxDevices: 5, speedKmh: 900, distanceKm: 500 })).statusCode).toBe(403);
    for (const who of [agent, broker]) {
      expect((await call(who.accountId, 'GET', '')).statusCode).toBe(403);
      expect((await call(who.accountId, 'GET', `/${own.accountId}`)).statusCode).toBe(403);
      expect((await call(who.accountId, 'POST', `/${own.accountId}/Notify`)).statusCode).toBe(403);
    }
    expect((await call(mls.accountId, 'GET', '/999999')).statusCode).toBe(404);
  });

  it('dismisses a flag only with a reason, notifies member and broker, requires a reset and cites, each in the audit trail', async () => {
    const office = await ctx.factories.buildOffice();
    const m = await ctx.factories.buildMember({ passwordHash, office });
    const broker = await ctx.factories.buildMember({ type: 'Broker', office });
    await signIn(m.loginId, WESTMINSTER_CA);
    await signIn(m.loginId, NEW_YORK);
    const flags = (await call(mls.accountId, 'GET', `/${m.accountId}`)).json().results[0].flags as Array<{ id: number; kind: string }>;
    const travel = flags.find((f) => f.kind === 'impossible-travel')!;

    const noReason = await call(mls.accountId, 'POST', `/${m.accountId}/Dismiss`, { flagId: travel.id, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: M.reasonRequired }]);
    const dismissed = await call(mls.accountId, 'POST', `/${m.accountId}/Dismiss`, {
      flagId: travel.id,
      reason: 'Member flew with a VPN on',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().results[0].flags.find((f: { id: number }) => f.id === travel.id)).toMatchObject({
      state: 'dismissed',
      dismissedReason: 'Member flew with a VPN on',
    });
    expect((await call(mls.accountId, 'POST', `/${m.accountId}/Dismiss`, { flagId: travel.id, reason: 'Again please' })).statusCode).toBe(
      400,
    );

    expect((await call(mls.accountId, 'POST', `/${m.accountId}/Notify`)).statusCode).toBe(200);
    const notified = await ctx.db.query<{ member_id: number; subject: string }>(
      `SELECT member_id, subject FROM notifications WHERE member_id = ANY($1::int[]) ORDER BY member_id`,
      [[m.memberId, broker.memberId]],
    );
    expect(notified.find((n) => n.member_id === m.memberId)?.subject).toBe(M.noticeSubject);
    expect(notified.find((n) => n.member_id === broker.memberId)?.subject).toMatch(/^Sign-ins of .+ look shared$/);
    const mails = await ctx.db.query<{ subject: string }>('SELECT subject FROM outbox_emails WHERE subject = $1', [M.noticeSubject]);
    expect(mails.length).toBeGreaterThan(0);

    const memberHeaders = await ctx.as(m.accountId);
    expect((await ctx.app.inject({ url: '/api/app/SecurityActivity', headers: memberHeaders })).statusCode).toBe(200);
    const reset = await call(mls.accountId, 'POST', `/${m.accountId}/RequireReset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().results[0].resetRequired).toBe(true);
    const owed = await ctx.db.one<{ pw: boolean; factor: Date | null; grants: number }>(
      `SELECT mb.required_password_update AS pw, a.new_factor_required_since AS factor,
         (SELECT count(*)::int FROM oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = a.id::text) AS grants
       FROM accounts a JOIN members mb ON mb.id = a.member_id WHERE a.id = $1`,
      [m.accountId],
    );
    expect(owed).toMatchObject({ pw: true, factor: expect.any(Date), grants: 0 });
    const gated = await ctx.app.inject({ url: '/api/app/SecurityActivity', headers: await ctx.as(m.accountId) });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().message).toBe(MESSAGES.passwordResetRequiredBody);
    const event = await ctx.db.one<{ by_account_id: number }>(
      `SELECT by_account_id FROM security_events WHERE account_id = $1 AND kind = 'shared-login-reset'`,
      [m.accountId],
    );
    expect(event?.by_account_id).toBe(mls.accountId);

    const noRule = await call(mls.accountId, 'POST', `/${m.accountId}/Cite`);
    expect(noRule.statusCode).toBe(400);
    expect(noRule.json().errors).toEqual([{ field: 'ruleId', message: M.noRule }]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/app/RuleBook',
      headers: await ctx.as(mls.accountId),
      payload: {
        number: '14.3',
        title: 'Sharing MLS access',
        text: 'A login ID and password are for the subscriber alone.',
        category: 'access',
        windowMonths: 24,
        correctionDays: 1,
        steps: [{ kind: 'fine', amount: 2500, hearing: true }],
      },
    });
    const cited = await call(mls.accountId, 'POST', `/${m.accountId}/Cite`);
    expect(cited.statusCode).toBe(200);
    const citationId = cited.json().results[0].citationId;
    const citation = await ctx.db.one<{ facts: string; member_id: number }>('SELECT facts, member_id FROM citations WHERE id = $1', [
      citationId,
    ]);
    expect(citation).toMatchObject({ member_id: m.memberId, facts: expect.stringContaining('Distant sessions at once') });

    const audited = await ctx.db.query<{ action: string }>(
      `SELECT action FROM staff_audit_events WHERE action LIKE 'shared-logins.%' AND subject LIKE $1 ORDER BY id`,
      [`%${m.accountId}%`],
    );
    expect(audited.map((a) => a.action)).toEqual([
      'shared-logins.dismiss',
      'shared-logins.notify',
      'shared-logins.require-reset',
      'shared-logins.cite',
    ]);
  });
});
