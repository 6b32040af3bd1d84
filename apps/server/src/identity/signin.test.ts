import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../test/oidc-browser';
import { hashPassword, LOCK_AFTER_FAILURES } from './credentials';

describe('sign-in through the embedded OpenID Connect provider', () => {
  let ctx: TestContext;
  let loginId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const member = await ctx.factories.buildMember({ passwordHash: await hashPassword('Correct#Horse1') });
    loginId = member.loginId;
  });
  afterAll(() => ctx.close());

  async function startSignIn(browser: Browser) {
    const started = await startAuthorization(browser);
    expect(started.status).toBe(303);
    expect(started.signinPath).toMatch(/^\/signin\//);
    return started;
  }

  it('signs in with code + PKCE and the access token opens the API', async () => {
    const browser = new Browser(ctx.app);
    const { verifier, signinPath } = await startSignIn(browser);
    const page = await browser.request('GET', signinPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="login">Login ID</label>');
    const res = await browser.request('POST', `${signinPath}/login`, { login: loginId, password: 'Correct#Horse1' });
    expect(res.statusCode).toBe(303);
    const code = await followToCallback(browser, res.headers.location as string);
    expect(code).toBeTruthy();
    const token = await exchangeCode(ctx.app, code!, verifier);
    expect(token.statusCode).toBe(200);
    const tokens = token.json();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    const me = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().results[0].member.loginId).toBe(loginId);
  });

  it('refuses a plain challenge: PKCE is S256 only', async () => {
    const browser = new Browser(ctx.app);
    const res = await browser.request(
      'GET',
      `/oidc/auth?${new URLSearchParams({
        client_id: 'memberPortalUI',
        redirect_uri: 'http://127.0.0.1:3999/callback',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'plain',
      })}`,
    );
    // The provider answers through the redirect URI with an error instead of a sign-in page.
    expect(res.headers.location).toContain('error=invalid_request');
    expect(res.headers.location).not.toContain('/signin/');
  });

  it('answers a wrong password and an unknown login id alike, and locks after repeated failures', async () => {
    const victim = await ctx.factories.buildMember({ passwordHash: await hashPassword('Right#Pass1') });
    const browser = new Browser(ctx.app);
    const { signinPath } = await startSignIn(browser);
    const unknown = await browser.request('POST', `${signinPath}/login`, { login: 'no-such-login', password: 'whatever' });
    const wrong = await browser.request('POST', `${signinPath}/login`, { login: victim.loginId, password: 'nope' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const message = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1];
    expect(message(unknown.body)).toBe(message(wrong.body));
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++) {
      await browser.request('POST', `${signinPath}/login`, { login: victim.loginId, password: `nope${i}` });
    }
    const locked = await ctx.db.one<{ locked_until: Date | null }>('SELECT locked_until FROM accounts WHERE login_id = $1', [
      victim.loginId,
    ]);
    expect(locked?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    const right = await browser.request('POST', `${signinPath}/login`, { login: victim.loginId, password: 'Right#Pass1' });
    expect(right.statusCode).toBe(401);
    expect(message(right.body)).toBe(message(wrong.body));
  }, 60_000);
});
