import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { injectFetch, relyingParty } from '../src/modules/oidc-apps/demo-rp';
import { type Browser, pathOf } from './oidc-browser';
import { PASSWORD } from './saml-sp';

export const ISSUER = 'http://127.0.0.1:3999/oidc';
export const VENDOR = 'https://vendor.example.test';

/** A vendor's relying party (openid-client) that reaches the app in-process. */
export function vendorRp(app: FastifyInstance, clientId: string, secret: string) {
  return relyingParty(ISSUER, clientId, secret, injectFetch(app));
}

/** The authorization request of a relying party (code, PKCE S256, state and nonce) and what it must check after. */
export async function authorizationRequest(rp: oidc.Configuration, scope: string) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(rp, {
    redirect_uri: `${VENDOR}/callback`,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce } };
}

/**
 * Follows the browser from an authorization request through the provider's sign-in page (when it shows) to where
 * the provider stops: the vendor's callback (its URL), or a page of Portico's own (its last answer).
 */
export async function authorize(browser: Browser, url: string, loginId: string) {
  let res = await browser.request('GET', pathOf(url));
  for (let hops = 0; hops < 8; hops++) {
    const location = String(res.headers.location ?? '');
    if (res.statusCode !== 303 && res.statusCode !== 302) break;
    if (location.startsWith(VENDOR)) return { callback: new URL(location), res };
    const path = pathOf(location);
    res = await browser.request('GET', path);
    if (path.startsWith('/signin/') && res.statusCode === 200 && res.body.includes('name="password"'))
      res = await browser.request('POST', `${path}/login`, { login: loginId, password: PASSWORD });
  }
  return { callback: null, res };
}
