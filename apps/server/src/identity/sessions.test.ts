import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances } from '../../test/context';
import { createFactories } from '../../test/factories';
import { Browser, exchangeCode, followToCallback, startAuthorization, tokenRequest } from '../../test/oidc-browser';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { hashPassword } from './credentials';
import { activeSigningKey } from './keys';

const PASSWORD = 'Session#Pass1';

describe('sessions end when they must, on every instance', () => {
  let db: Db;
  let apps: FastifyInstance[] = [];
  let config: Config;
  let close: () => Promise<void>;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    // Two instances over one database, each with its own principal cache; the first logs every request.
    ({ db, apps, config, close } = await startInstances(2, { RATE_LIMITS: 'off' }, (i) => (i === 0 ? { level: 'info', stream } : false)));
  });
  afterAll(() => close());

  async function signIn(loginId: string, password = PASSWORD) {
    const browser = new Browser(apps[0]);
    const { verifier, signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password });
    expect(res.statusCode).toBe(303);
    const code = await followToCallback(browser, res.headers.location as string);
    const tokens = (await exchangeCode(apps[0], code!, verifier)).json();
    expect(tokens.access_token).toBeTruthy();
    return { browser, tokens: tokens as { access_token: string; refresh_token: string; id_token: string } };
  }
  const me = (app: FastifyInstance, accessToken: string) =>
    app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${accessToken}` } });
  const statusOnEvery = async (accessToken: string) => Promise.all(apps.map(async (app) => (await me(app, accessToken)).statusCode));
  const refresh = (refreshToken: string) => tokenRequest(apps[1], { grant_type: 'refresh_token', refresh_token: refreshToken });

  it('a password change ends every other session at once (tokens, refresh, grants) and keeps the one that changed it', async () => {
    const m = await createFactories(db).buildMember({ passwordHash: await hashPassword(PASSWORD) });
    const other = await signIn(m.loginId);
    const mine = await signIn(m.loginId);
    // Both instances have the other session's principal cached.
    expect(await statusOnEvery(other.tokens.access_token)).toEqual([200, 200]);
    const changed = await apps[1].inject({
      method: 'POST',
      url: '/api/app/AccountContact/ChangePassword',
      headers: { authorization: `Bearer ${mine.tokens.access_token}` },
      payload: { loginId: m.loginId, password: PASSWORD, newPassword: 'Changed#Pass2', confirmPassword: 'Changed#Pass2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await statusOnEvery(other.tokens.access_token)).toEqual([401, 401]);
    expect((await refresh(other.tokens.refresh_token)).statusCode).toBe(400);
    expect(await statusOnEvery(mine.tokens.access_token)).toEqual([200, 200]);
    const renewed = await refresh(mine.tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect(await statusOnEvery(renewed.json().access_token)).toEqual([200, 200]);
    const grants = await db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = $1",
      [String(m.accountId)],
    );
    expect(grants?.n).toBe(1);
  }, 120_000);

  it('a password reset and a deactivation end every session, and a deactivated member cannot sign in', async () => {
    const factories = createFactories(db);
    const m = await factories.buildMember({ passwordHash: await hashPassword(PASSWORD) });
    const first = await signIn(m.loginId);
    expect(await statusOnEvery(first.tokens.access_token)).toEqual([200, 200]);
    await apps[0].inject({ method: 'POST', url: '/api/app/AccountContact/ForgotPassword', payload: { LoginId: m.loginId } });
    const mail = await db.one<{ body_text: string }>('SELECT body_text FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
      `${m.loginId}@example.test`,
    ]);
    const token = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
    const reset = await apps[1].inject({
      method: 'POST',
      url: '/api/app/AccountContact/ResetPassword',
      payload: { loginId: m.loginId, Token: token, Password: 'Reset#Pass3', ConfirmPassword: 'Reset#Pass3' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await statusOnEvery(first.tokens.access_token)).toEqual([401, 401]);
    expect((await refresh(first.tokens.refresh_token)).statusCode).toBe(400);

    const second = await signIn(m.loginId, 'Reset#Pass3');
    expect(await statusOnEvery(second.tokens.access_token)).toEqual([200, 200]);
    const staff = await factories.buildMember({ isCrmlsAdmin: true, passwordHash: await hashPassword(PASSWORD) });
    const staffToken = (await signIn(staff.loginId)).tokens.access_token;
    const deactivate = (action: string) =>
      apps[1].inject({
        method: 'POST',
        url: `/api/app/AccountSecurity/${action}`,
        headers: { authorization: `Bearer ${staffToken}` },
        payload: { loginId: m.loginId },
      });
    expect((await deactivate('Deactivate')).statusCode).toBe(200);
    expect(await statusOnEvery(second.tokens.access_token)).toEqual([401, 401]);
    expect((await refresh(second.tokens.refresh_token)).statusCode).toBe(400);
    const browser = new Browser(apps[0]);
    const { signinPath } = await startAuthorization(browser);
    expect((await browser.request('POST', `${signinPath}/login`, { login: m.loginId, password: 'Reset#Pass3' })).statusCode).toBe(401);
    expect((await deactivate('Reactivate')).statusCode).toBe(200);
    await signIn(m.loginId, 'Reset#Pass3');
  }, 120_000);

  it('logout through /oidc/session/end asks first unless the id_token_hint is the signed-in member’s, and ends the access token; provider pages are never framed', async () => {
    const m = await createFactories(db).buildMember({ passwordHash: await hashPassword(PASSWORD) });
    const { browser, tokens } = await signIn(m.loginId);
    const forged = await browser.request(
      'GET',
      '/oidc/session/end?post_logout_redirect_uri=http://127.0.0.1:3999/logged-out&client_id=memberPortalUI',
    );
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('<script');
    expect(forged.body).toContain('Sign out of the member portal?');
    expect(forged.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const other = await createFactories(db).buildMember({ passwordHash: await hashPassword(PASSWORD) });
    const foreignHint = (await signIn(other.loginId)).tokens.id_token;
    const withForeign = await browser.request('GET', `/oidc/session/end?id_token_hint=${foreignHint}`);
    expect(withForeign.body).not.toContain('<script');
    const own = await browser.request('GET', `/oidc/session/end?id_token_hint=${tokens.id_token}`);
    expect(own.body).toContain('<script');
    const csp = String(own.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // The form the page submits: the session ends, its grant goes, and its access token is refused from then on.
    expect(await statusOnEvery(tokens.access_token)).toEqual([200, 200]);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(own.body)?.[1];
    const confirmed = await browser.request('POST', '/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    expect(await statusOnEvery(tokens.access_token)).toEqual([401, 401]);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
    const discovery = await apps[0].inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  }, 60_000);

  it('verifies access tokens with an algorithm allow-list, a required exp and the at+jwt type', async () => {
    const m = await createFactories(db).buildMember();
    const key = { jwk: await activeSigningKey(db) };
    const privateKey = await importJWK(key.jwk, 'RS256');
    const base = () =>
      new SignJWT({ scope: 'data member_portal' })
        .setSubject(String(m.accountId))
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setIssuedAt()
        .setJti(crypto.randomUUID());
    const good = await base()
      .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'at+jwt' })
      .setExpirationTime('5m')
      .sign(privateKey);
    const plainJwt = await base()
      .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'JWT' })
      .setExpirationTime('5m')
      .sign(privateKey);
    const noExp = await base().setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'at+jwt' }).sign(privateKey);
    const hmac = await base()
      .setProtectedHeader({ alg: 'HS256', kid: key.jwk.kid, typ: 'at+jwt' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(String(key.jwk.n)));
    expect((await me(apps[0], good)).statusCode).toBe(200);
    for (const bad of [plainJwt, noExp, hmac]) expect((await me(apps[0], bad)).statusCode).toBe(401);
  });

  it('answers signed-in calls with Cache-Control: no-store, and keeps codes and tokens of /oidc requests out of the logs', async () => {
    const m = await createFactories(db).buildMember({ passwordHash: await hashPassword(PASSWORD) });
    const { tokens } = await signIn(m.loginId);
    const res = await me(apps[0], tokens.access_token);
    expect(res.headers['cache-control']).toBe('no-store');
    await apps[0].inject({ url: `/oidc/session/end?id_token_hint=${tokens.id_token}` });
    const logged = logLines.join('\n');
    expect(logged).toContain('/oidc/session/end?[redacted]');
    expect(logged).toContain('/oidc/auth?[redacted]');
    expect(logged).not.toContain(tokens.id_token);
    expect(logged).not.toMatch(/code_challenge=|[?&]code=/);
    expect(logged).toContain('"event":"signed-in"');
  });
});
