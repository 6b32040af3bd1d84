import type { FastifyInstance, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { escapeHtml, page, SCRIPTLESS_PAGE_CSP, sendHtml } from '../../identity/html';
import { fastifyPublic } from '../../lib/guard';
import { applicationIdByNameShort, ensureApplication, setApplicationUrl } from '../applications/index';
import { findOidcApplication } from './repository';
import { clientSecretOf, saveOidcClient } from './service';

export const DEMO_RP_NAME_SHORT = 'DEMOOIDC';
const COOKIE = 'portico_demo_rp';
const demoUrls = (publicUrl: string) => ({
  home: `${publicUrl}/oidc-demo-rp`,
  login: `${publicUrl}/oidc-demo-rp/login`,
  callback: `${publicUrl}/oidc-demo-rp/callback`,
});

/**
 * The demo's OIDC application (demo mode with the embedded provider only): a launcher tile that signs the member in to
 * Portico's own small relying party at /oidc-demo-rp, which shows the claims it received.
 */
export async function ensureDemoOidcApplication(db: Db, publicUrl: string, issuer: string): Promise<number> {
  const urls = demoUrls(publicUrl);
  const id = await ensureApplication(
    db,
    DEMO_RP_NAME_SHORT,
    'Demo OIDC application',
    'A demo relying party: opens signed in by OpenID Connect and shows the claims it received',
  );
  await setApplicationUrl(db, id, urls.home);
  await saveOidcClient(
    db,
    id,
    {
      redirectUris: [urls.callback],
      postLogoutRedirectUris: [urls.home],
      initiateLoginUri: urls.login,
      scopes: ['openid', 'profile', 'email', 'mls'],
      tokenEndpointAuthMethod: 'client_secret_basic',
      enabled: true,
      backchannelLogoutUri: null,
      backchannelLogoutSessionRequired: false,
    },
    { issuer, embeddedIdentity: true },
  );
  return id;
}

/**
 * A fetch that answers from this very app (`app.inject`): the demo relying party talks to the provider in-process, so
 * it works behind any proxy and on any address the public URL names. Tests drive openid-client the same way.
 */
export function injectFetch(app: FastifyInstance): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(options.headers as HeadersInit).entries());
    const res = await app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host, 'x-forwarded-proto': target.protocol.replace(':', '') },
      payload: options.body === undefined || options.body === null ? undefined : String(options.body),
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) answer.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.rawPayload.length === 0 || res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: answer });
  };
}

/** The relying party's view of the provider: discovery through `fetch`, client secret sent by HTTP Basic. */
export async function relyingParty(issuer: string, clientId: string, secret: string, fetch: oidc.CustomFetch) {
  const insecure = issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [];
  return oidc.discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(secret), {
    [oidc.customFetch]: fetch,
    execute: insecure,
  });
}

// The provider's answer: the code, the state and its issuer (RFC 9207), which openid-client checks.
const callbackQuery = z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200), iss: z.string().max(2000) });
const loginQuery = z.object({ iss: z.string().max(2000).optional(), target_link_uri: z.string().max(2000).optional() });

function send(reply: FastifyReply, status: number, title: string, body: string) {
  return sendHtml(reply, status, page(title, `<main class="card">${body}</main>`), SCRIPTLESS_PAGE_CSP);
}

function claimRows(claims: Record<string, unknown>) {
  return Object.entries(claims)
    .filter(([name]) => !['aud', 'exp', 'iat', 'iss', 'nonce', 'auth_time', 'at_hash', 'sid', 'azp'].includes(name))
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(String(value))}</td></tr>`)
    .join('');
}

/** The demo relying party's pages: a start page, its login (the tile's initiate_login_uri) and its callback. */
export async function oidcDemoRpRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl, issuer } = app.config;
  const urls = demoUrls(publicUrl);
  const secure = publicUrl.startsWith('https:');
  const hidden = { hide: true } as never;
  const fetch = injectFetch(app);

  async function configuration() {
    const id = await applicationIdByNameShort(app.db, DEMO_RP_NAME_SHORT);
    const row = id !== null ? await findOidcApplication(app.db, id) : null;
    return row ? relyingParty(issuer, row.client_id, clientSecretOf(row), fetch) : null;
  }

  app.get('/oidc-demo-rp', { config: fastifyPublic, schema: hidden }, async (_req, reply) =>
    send(
      reply,
      200,
      'Demo relying party',
      `<h1>Demo relying party</h1><p>A stand-in for an MLS vendor's application that signs members in with Portico by OpenID Connect.</p>
       <p class="links"><a href="/oidc-demo-rp/login">Sign in with the member portal</a></p>`,
    ),
  );

  // The tile's third-party initiated login: `iss` must name Portico's provider.
  app.get('/oidc-demo-rp/login', { config: fastifyPublic, schema: hidden }, async (req, reply) => {
    const query = loginQuery.safeParse(req.query ?? {});
    if (!query.success || (query.data.iss !== undefined && query.data.iss !== issuer))
      return send(reply, 400, 'Unknown provider', '<h1>Unknown provider</h1><p>This demo signs in with the member portal only.</p>');
    const config = await configuration();
    if (!config) return send(reply, 404, 'Not registered', '<h1>Not registered</h1><p>The demo application is not registered.</p>');
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: urls.callback,
      scope: 'openid profile email mls',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const cookie = `${COOKIE}=${state}.${nonce}.${verifier}; Path=/oidc-demo-rp; HttpOnly; SameSite=Lax; Max-Age=600${secure ? '; Secure' : ''}`;
    return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(url.href, 303);
  });

  app.get('/oidc-demo-rp/callback', { config: fastifyPublic, schema: hidden }, async (req, reply) => {
    const query = callbackQuery.safeParse(req.query ?? {});
    const saved = new RegExp(`(?:^|; )${COOKIE}=([\\w-]+)\\.([\\w-]+)\\.([\\w-]+)`).exec(req.headers.cookie ?? '');
    const config = await configuration();
    if (!query.success || !saved || !config)
      return send(reply, 400, 'Sign-in failed', '<h1>Sign-in failed</h1><p>This sign-in expired or did not come from this demo.</p>');
    try {
      const [, state, nonce, verifier] = saved;
      const tokens = await oidc.authorizationCodeGrant(config, new URL(`${urls.callback}?${new URLSearchParams(query.data)}`), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      const claims: Record<string, unknown> & { sub: string } = tokens.claims() ?? { sub: '' };
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      reply.header('set-cookie', `${COOKIE}=; Path=/oidc-demo-rp; HttpOnly; SameSite=Lax; Max-Age=0`);
      return send(
        reply,
        200,
        'Signed in to the demo application',
        `<h1>Signed in by OpenID Connect</h1><p>The demo relying party verified Portico's ID token.</p>
         <p>MLS id: <strong data-testid="oidc-mls-member-id">${escapeHtml(String(claims.mls_member_id ?? ''))}</strong></p>
         <table><caption>ID token claims</caption><tbody>${claimRows(claims)}</tbody></table>
         <table><caption>Userinfo claims</caption><tbody>${claimRows(userinfo)}</tbody></table>`,
      );
    } catch (error) {
      req.log.warn({ err: error }, 'demo relying party refused a sign-in');
      return send(reply, 400, 'Sign-in failed', '<h1>Sign-in failed</h1><p>The demo relying party could not verify the answer.</p>');
    }
  });
}
