import { MEMBER_SESSION_MESSAGES as M } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances } from '../../../test/context';
import { createFactories } from '../../../test/factories';
import { Browser, exchangeCode, followToCallback, startAuthorization, tokenRequest } from '../../../test/oidc-browser';
import type { Db } from '../../db/index';
import { hashPassword } from '../../identity/credentials';

const PASSWORD = 'Sessions#Pass1';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('sessions and devices (issue 32 §1), on two instances', () => {
  let db: Db;
  let apps: FastifyInstance[] = [];
  let close: () => Promise<void>;
  let passwordHash: string;
  beforeAll(async () => {
    // Behind a proxy on loopback: the client address is the one X-Forwarded-For names.
    ({ db, apps, close } = await startInstances(2, { RATE_LIMITS: 'off', TRUST_PROXY: '127.0.0.1' }));
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => close());

  /** A real sign-in through the provider's pages of instance A, from a browser with this user agent and address. */
  async function signIn(loginId: string, userAgent: string, address: string, browser = new Browser(apps[0])) {
    browser.headers = { 'user-agent': userAgent, 'x-forwarded-for': address };
    // A browser signed in already is asked again (prompt=login), as after its session ended.
    const { verifier, signinPath } = await startAuthorization(browser, browser.cookies.size ? { prompt: 'login' } : {});
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    const code = await followToCallback(browser, res.headers.location as string);
    const tokens = (await exchangeCode(apps[0], code!, verifier)).json() as { access_token: string; refresh_token: string };
    expect(tokens.access_token).toBeTruthy();
    return { browser, tokens };
  }
  const call = (app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/app/MemberSessions${url}`, headers: { authorization: `Bearer ${token}` }, payload });
  const me = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${token}` } });
  const mails = (to: string) =>
    db.query<{ subject: string; body_text: string }>('SELECT subject, body_text FROM outbox_emails WHERE to_address = $1 ORDER BY id', [
      to,
    ]);

  it("lists each signed-in browser with device, place and 'This device', and mails a sign-in from a new device", async () => {
    const m = await createFactories(db).buildMember({ passwordHash });
    const laptop = await signIn(m.loginId, CHROME_WINDOWS, '24.24.24.24');
    // The account's first device is not news; the same browser again is not either.
    const again = await signIn(m.loginId, CHROME_WINDOWS, '24.24.24.24', laptop.browser);
    expect(await mails(`${m.loginId}@example.test`)).toEqual([]);
    expect(laptop.browser.cookies.get('portico_device')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await db.query<{ key_hash: string }>('SELECT key_hash FROM sign_in_devices WHERE account_id = $1', [m.accountId]);
    expect(stored).toHaveLength(1);
    expect(stored[0].key_hash).not.toContain(laptop.browser.cookies.get('portico_device'));

    const phone = await signIn(m.loginId, SAFARI_IPHONE, '81.2.69.160');
    const sent = await mails(`${m.loginId}@example.test`);
    expect(sent.map((s) => s.subject)).toEqual([M.newSignInSubject]);
    expect(sent[0].body_text).toContain('Device: Mobile Safari 18 on iOS 18.1');
    expect(sent[0].body_text).toContain('Place (approximate): Newmarket, ENG, GB');
    expect(sent[0].body_text).toContain('/account-settings/sessions');

    // Read on the other instance, with the phone's token: the phone is 'This device'.
    const listed = await call(apps[1], phone.tokens.access_token, 'GET', '');
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().results as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.isCurrent);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Mobile Safari 18', os: 'iOS 18.1', deviceType: 'mobile', clientAddress: '81.2.69.160' });
    expect(sessions.filter((s) => s.browser === 'Chrome 131')).toHaveLength(2);
    expect(sessions.find((s) => s.browser === 'Chrome 131')).toMatchObject({
      os: 'Windows 10',
      deviceType: 'desktop',
      place: 'Syracuse, NY, US',
      signedInOn: expect.any(String),
      lastSeenOn: expect.any(String),
    });
    expect(again.tokens.access_token).toBeTruthy();
  }, 60_000);

  it("'Sign out' ends one other session and 'Sign out everywhere else' the rest, on every instance, keeping the caller's", async () => {
    const m = await createFactories(db).buildMember({ passwordHash });
    const a = await signIn(m.loginId, CHROME_WINDOWS, '24.24.24.24');
    const b = await signIn(m.loginId, SAFARI_IPHONE, '81.2.69.160');
    const c = await signIn(m.loginId, CHROME_WINDOWS, '24.24.24.25');
    // Every instance has each session's principal cached.
    for (const app of apps) for (const s of [a, b, c]) expect((await me(app, s.tokens.access_token)).statusCode).toBe(200);
    const list = (await call(apps[0], a.tokens.access_token, 'GET', '')).json().results as Array<{
      sessionId: string;
      isCurrent: boolean;
      clientAddress: string;
    }>;
    const mine = list.find((s) => s.isCurrent)!;
    const phone = list.find((s) => s.clientAddress === '81.2.69.160')!;

    // The caller's own session is ended by Logout, not here; another member's or an unknown one is not found.
    const own = await call(apps[0], a.tokens.access_token, 'POST', '/SignOut', { sessionId: mine.sessionId });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual([{ field: 'sessionId', message: M.notCurrent }]);
    expect((await call(apps[0], a.tokens.access_token, 'POST', '/SignOut', { sessionId: '' })).statusCode).toBe(400);
    const stranger = await createFactories(db).buildMember({ passwordHash });
    const theirs = await signIn(stranger.loginId, CHROME_WINDOWS, '24.24.24.24');
    const theirSession = ((await call(apps[0], theirs.tokens.access_token, 'GET', '')).json().results as Array<{ sessionId: string }>)[0];
    expect((await call(apps[0], a.tokens.access_token, 'POST', '/SignOut', { sessionId: theirSession.sessionId })).statusCode).toBe(404);
    expect((await me(apps[1], theirs.tokens.access_token)).statusCode).toBe(200);

    // One session out, on instance A: its token is refused on B too, its refresh token is gone.
    const one = await call(apps[0], a.tokens.access_token, 'POST', '/SignOut', { sessionId: phone.sessionId });
    expect(one.statusCode).toBe(200);
    expect(one.json().message).toBe(M.signedOut);
    expect(await Promise.all(apps.map(async (app) => (await me(app, b.tokens.access_token)).statusCode))).toEqual([401, 401]);
    expect((await tokenRequest(apps[1], { grant_type: 'refresh_token', refresh_token: b.tokens.refresh_token })).statusCode).toBe(400);
    expect((await me(apps[1], c.tokens.access_token)).statusCode).toBe(200);

    // Everywhere else, asked on B: C ends on both instances; A's own session, tokens and refresh go on.
    const rest = await call(apps[1], a.tokens.access_token, 'POST', '/SignOutOthers', {});
    expect(rest.statusCode).toBe(200);
    expect(rest.json().results[0]).toEqual({ ended: 1 });
    expect(await Promise.all(apps.map(async (app) => (await me(app, c.tokens.access_token)).statusCode))).toEqual([401, 401]);
    expect((await tokenRequest(apps[0], { grant_type: 'refresh_token', refresh_token: c.tokens.refresh_token })).statusCode).toBe(400);
    expect(await Promise.all(apps.map(async (app) => (await me(app, a.tokens.access_token)).statusCode))).toEqual([200, 200]);
    const refreshed = await tokenRequest(apps[0], { grant_type: 'refresh_token', refresh_token: a.tokens.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(apps[1], refreshed.json().access_token)).statusCode).toBe(200);
    const left = (await call(apps[1], refreshed.json().access_token, 'GET', '')).json().results as Array<{ isCurrent: boolean }>;
    expect(left).toEqual([expect.objectContaining({ isCurrent: true })]);
    // The other member's session was never touched.
    expect((await me(apps[0], theirs.tokens.access_token)).statusCode).toBe(200);
    expect((await apps[0].inject({ method: 'GET', url: '/api/app/MemberSessions' })).statusCode).toBe(401);
  }, 90_000);
});
