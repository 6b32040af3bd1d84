import { EXTERNAL_CREDENTIALS_MESSAGE } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWith, webBuild } from '../../../test/app-with';

// A provider that is not running: nothing here needs its answers, and the page's CSP falls back to its origin.
const EXTERNAL = {
  OIDC_ISSUER: 'http://127.0.0.1:9/realms/mls',
  OIDC_CLIENT_ID: 'portico-web',
  OIDC_SCOPES: 'openid profile offline_access',
  OIDC_RESOURCE: 'https://portal.example.test/api',
  OIDC_AUTH_PARAMS: 'audience=portico&ui_locales=en',
  OIDC_ACCOUNT_URL: 'http://127.0.0.1:9/realms/mls/account',
};

const configuredIn = (html: string) =>
  JSON.parse(/<script id="portico-auth-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('sign-in settings with the embedded provider', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    ctx = await appWith({}, { webDist: webBuild() });
  });
  afterAll(() => ctx.close());

  it('answers the embedded provider, its client and scopes, and that Portico owns the credentials', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toEqual({
      authority: 'http://127.0.0.1:3999/oidc',
      clientId: 'memberPortalUI',
      scopes: 'openid profile data member_portal offline_access',
      extraAuthParams: {},
      redirectUri: 'http://127.0.0.1:3999/callback',
      silentRedirectUri: 'http://127.0.0.1:3999/silent_renew',
      postLogoutRedirectUri: 'http://127.0.0.1:3999/logged-out',
      portalOwnsCredentials: true,
      accountUrl: null,
    });
  });

  it('puts the same settings and a fresh style nonce into the page, and its CSP allows only the portal', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' });
    const second = await ctx.app.inject({ method: 'GET', url: '/registered' });
    expect(configuredIn(first.body)).toEqual((await ctx.app.inject({ method: 'GET', url: '/api/auth-config' })).json().results[0]);
    const nonces = [first, second].map((res) => /<meta property="csp-nonce" nonce="([^"]+)">/.exec(res.body)?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    const csp = String(first.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'style-src')).toBe(`style-src 'self' 'nonce-${nonces[0]}'`);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(first.headers['x-frame-options']).toBe('DENY');
  });

  it('lets only the silent renew page be framed, by the portal itself', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/silent_renew?code=x&state=y' });
    expect(directive(String(res.headers['content-security-policy']), 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('sign-in settings with an external provider', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    ctx = await appWith(EXTERNAL, { webDist: webBuild() });
  });
  afterAll(() => ctx.close());

  it('answers the provider, the client id, scopes, resource and extra parameters, and its account page', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/auth-config' })).json().results[0];
    expect(config).toMatchObject({
      authority: EXTERNAL.OIDC_ISSUER,
      clientId: 'portico-web',
      scopes: 'openid profile offline_access',
      extraAuthParams: { audience: 'portico', ui_locales: 'en', resource: 'https://portal.example.test/api' },
      postLogoutRedirectUri: 'http://127.0.0.1:3999/logged-out',
      portalOwnsCredentials: false,
      accountUrl: EXTERNAL.OIDC_ACCOUNT_URL,
    });
    expect(configuredIn((await ctx.app.inject({ method: 'GET', url: '/' })).body)).toEqual(config);
  });

  it("lets the page fetch from and frame the provider's origin, and no other", async () => {
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:9");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' blob: http://127.0.0.1:9");
  });

  it("answers Portico's own credential calls with 404 and says who manages the credentials", async () => {
    const calls: Array<[string, string, object?]> = [
      ['POST', '/api/app/AccountContact/ChangePassword', { loginId: 'agent', password: 'x', newPassword: 'y', confirmPassword: 'y' }],
      ['POST', '/api/app/AccountContact/ForgotPassword', { LoginId: 'agent' }],
      ['POST', '/api/app/AccountContact/ValidateResetToken', { Token: 'abc' }],
      ['POST', '/api/app/AccountContact/ResetPassword', { loginId: 'agent', Token: 'abc', Password: 'y', ConfirmPassword: 'y' }],
      ['GET', '/api/app/MemberSecondFactors?memberId=1'],
      ['PUT', '/api/app/MemberSecondFactors', { memberId: 1 }],
      ['POST', '/api/app/MemberSecondFactors/Enlist/New', { memberId: 1 }],
      ['POST', '/api/app/MemberSecondFactors/Enlist/Verify', {}],
      ['POST', '/api/app/MemberSecondFactors/Enlist/ResendCode', {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({ method: method as 'GET', url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ isSuccessful: false, message: EXTERNAL_CREDENTIALS_MESSAGE });
    }
  });
});
