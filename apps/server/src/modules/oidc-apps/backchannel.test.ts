import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { LogoutReceiver } from '../../../test/logout-receiver';
import { Browser } from '../../../test/oidc-browser';
import { authorizationRequest, authorize, ISSUER, VENDOR, vendorRp } from '../../../test/oidc-rp';
import { memberWithPassword } from '../../../test/saml-sp';
import { BACKCHANNEL_LOGOUT_JOB } from './backchannel';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

describe('back-channel logout: applications hear when a member’s Portico session ends (decision 0997)', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  let staff: { authorization: string };
  const receiver = new LogoutReceiver();
  let logoutUri: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off', JOBS: 'on' } });
    dash = createDashboardFactories(ctx.db);
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
    logoutUri = await receiver.start();
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  const put = (applicationId: number, payload: Record<string, unknown>, headers = staff) =>
    ctx.app.inject({ method: 'PUT', url: `/api/app/SsoApplications/${applicationId}/OidcClient`, headers, payload });

  async function registered(name: string, body: Record<string, unknown> = {}) {
    const application = await dash.buildApplication({ name, url: `${VENDOR}/home` });
    const res = await put(application.id, { redirectUris: [`${VENDOR}/callback`], ...body });
    expect(res.statusCode).toBe(200);
    const client = res.json().results[0] as { clientId: string; clientSecret: string; backchannelLogoutUri: string | null };
    return { application, client, rp: await vendorRp(ctx.app, client.clientId, client.clientSecret) };
  }

  /** Signs the browser's member in to the application and answers its ID token's claims (sid among them). */
  async function signInTo(browser: Browser, rp: oidc.Configuration, loginId: string) {
    const request = await authorizationRequest(rp, 'openid profile');
    const { callback } = await authorize(browser, request.url, loginId);
    expect(callback).not.toBeNull();
    return (await oidc.authorizationCodeGrant(rp, callback as URL, request.checks)).claims() as { sub: string; sid?: string };
  }

  /** A logout token checked as the application must (Back-Channel Logout 1.0 section 2.6): signature by the JWKS, typ, iss, aud. */
  async function verified(token: string, clientId: string) {
    const jwks = createLocalJWKSet((await ctx.app.inject({ url: '/oidc/jwks' })).json());
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: ISSUER, audience: clientId, typ: 'logout+jwt' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.events).toEqual({ [LOGOUT_EVENT]: {} });
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload.iat).toEqual(expect.any(Number));
    expect(payload).not.toHaveProperty('nonce');
    return payload;
  }

  it('stores the setting; refuses a bad address with a field error and anyone but MLS staff with 403', async () => {
    const { application, client } = await registered('Vendor Stored', {
      backchannelLogoutUri: logoutUri,
      backchannelLogoutSessionRequired: true,
    });
    expect(client.backchannelLogoutUri).toBe(logoutUri);
    const read = await ctx.app.inject({ url: `/api/app/SsoApplications/${application.id}/OidcClient`, headers: staff });
    expect(read.json().results[0]).toMatchObject({ backchannelLogoutUri: logoutUri, backchannelLogoutSessionRequired: true });
    const valid = { redirectUris: [`${VENDOR}/callback`] };
    for (const bad of [
      'ftp://vendor.example.test/logout',
      'http://vendor.example.test/logout',
      'https://vendor.example.test/l#x',
      'nope',
    ]) {
      const res = await put(application.id, { ...valid, backchannelLogoutUri: bad });
      expect(res.statusCode, bad).toBe(400);
      expect((res.json().errors as Array<{ field: string }>).map((e) => e.field)).toContain('backchannelLogoutUri');
    }
    const wrongType = await put(application.id, { ...valid, backchannelLogoutSessionRequired: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    for (const type of ['Agent', 'Broker', 'Association Staff'] as const) {
      const headers = await ctx.as((await ctx.factories.buildMember({ type })).accountId);
      expect((await put(application.id, { ...valid, backchannelLogoutUri: 'https://evil.example.test/x' }, headers)).statusCode, type).toBe(
        403,
      );
    }
    expect(
      (await ctx.app.inject({ url: `/api/app/SsoApplications/${application.id}/OidcClient`, headers: staff })).json().results[0]
        .backchannelLogoutUri,
    ).toBe(logoutUri);
    const discovery = (await ctx.app.inject({ url: '/oidc/.well-known/openid-configuration' })).json();
    expect(discovery).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
  });

  it('signing out posts a signed logout token to each application the session signed into that asked for one', async () => {
    const withLogout = await registered('Vendor Logout', { backchannelLogoutUri: logoutUri, backchannelLogoutSessionRequired: true });
    const without = await registered('Vendor Plain');
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const idToken = await signInTo(browser, withLogout.rp, member.loginId);
    await signInTo(browser, without.rp, member.loginId);
    expect(idToken.sid).toEqual(expect.any(String));
    const before = receiver.tokens.length;

    const ask = await browser.request('GET', '/oidc/session/end');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(ask.body)?.[1];
    expect(xsrf).toBeTruthy();
    const confirmed = await browser.request('POST', '/oidc/session/end/confirm', { xsrf: xsrf as string, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);

    const tokens = (await receiver.received(before + 1)).slice(before);
    expect(tokens).toHaveLength(1);
    const payload = await verified(tokens[0], withLogout.client.clientId);
    expect(payload).toMatchObject({ sub: String(member.accountId), sid: idToken.sid });
    // Nothing was left for the job: the provider's own attempt succeeded.
    const pending = await ctx.db.query('SELECT 1 FROM oidc_backchannel_logouts WHERE account_id = $1', [String(member.accountId)]);
    expect(pending).toHaveLength(0);
  });

  it('an application that does not answer at sign-out does not stop it: the logout is kept for the job to retry', async () => {
    const down = await registered('Vendor Down', { backchannelLogoutUri: logoutUri });
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    await signInTo(browser, down.rp, member.loginId);
    receiver.status = 500;
    try {
      const ask = await browser.request('GET', '/oidc/session/end');
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(ask.body)?.[1] as string;
      expect((await browser.request('POST', '/oidc/session/end/confirm', { xsrf, logout: 'yes' })).statusCode).toBe(303);
    } finally {
      receiver.status = 200;
    }
    const rows = () =>
      ctx.db.query<{ client_id: string; sid: string | null; attempts: number; last_error: string }>(
        'SELECT client_id, sid, attempts, last_error FROM oidc_backchannel_logouts WHERE account_id = $1',
        [String(member.accountId)],
      );
    // The provider's event handler writes it just after the answer: wait for it.
    await expect.poll(async () => (await rows()).length).toBe(1);
    const [kept] = await rows();
    expect(kept).toMatchObject({ client_id: down.client.clientId, attempts: 1 });
    expect(kept.last_error).toContain('500');
  });

  it('a deactivation queues the logout in its transaction; the job sends it, retrying an application that was down', async () => {
    const app = await registered('Vendor Deactivated', { backchannelLogoutUri: logoutUri, backchannelLogoutSessionRequired: true });
    const plain = await registered('Vendor Quiet');
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const idToken = await signInTo(browser, app.rp, member.loginId);
    await signInTo(browser, plain.rp, member.loginId);
    receiver.status = 503;
    const before = receiver.tokens.length;

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/AccountSecurity/Deactivate',
      headers: staff,
      payload: { loginId: member.loginId },
    });
    expect(res.statusCode).toBe(200);
    const queued = () =>
      ctx.db.query<{ client_id: string; sid: string | null; attempts: number; sent_on: Date | null; last_error: string | null }>(
        'SELECT client_id, sid, attempts, sent_on, last_error FROM oidc_backchannel_logouts WHERE account_id = $1',
        [String(member.accountId)],
      );
    // (The every-minute schedule may take it before runNow does: counts below allow for that.)
    expect(await queued()).toEqual([expect.objectContaining({ client_id: app.client.clientId, sid: idToken.sid, sent_on: null })]);

    // The application is down: the attempt fails and waits for a later run.
    expect((await ctx.app.jobs.runNow(BACKCHANNEL_LOGOUT_JOB)).state).toBe('completed');
    const [failed] = await queued();
    expect(failed).toMatchObject({ sent_on: null });
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.last_error).toContain('503');
    expect(receiver.tokens.length).toBe(before);

    // It is back, and the retry is due: the next run sends the token.
    receiver.status = 200;
    await ctx.db.query('UPDATE oidc_backchannel_logouts SET next_attempt_on = now() WHERE account_id = $1', [String(member.accountId)]);
    expect((await ctx.app.jobs.runNow(BACKCHANNEL_LOGOUT_JOB)).state).toBe('completed');
    const [token] = (await receiver.received(before + 1)).slice(before);
    expect(await verified(token, app.client.clientId)).toMatchObject({ sub: String(member.accountId), sid: idToken.sid });
    expect(decodeJwt(token).aud).toBe(app.client.clientId);
    const [sent] = await queued();
    expect(sent.sent_on).not.toBeNull();
    // A week later the sent row is forgotten by the next run.
    await ctx.db.query("UPDATE oidc_backchannel_logouts SET sent_on = now() - interval '8 days' WHERE account_id = $1", [
      String(member.accountId),
    ]);
    expect((await ctx.app.jobs.runNow(BACKCHANNEL_LOGOUT_JOB)).state).toBe('completed');
    expect(await queued()).toHaveLength(0);
  }, 60_000);
});
