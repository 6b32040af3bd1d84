/**
 * A small, independent OpenID Connect provider for the external-provider journey (e2e/tests/external-oidc.spec.ts),
 * run as its own process: `tsx external-provider.ts`. It has its own signing key (made at start), its own users and
 * its own sign-in page, shares no code or database with Portico, and behaves like Keycloak or Entra ID where Portico
 * must cope: authorization code with PKCE required, JWT access tokens only for the `resource` the client asks for,
 * sessions in cookies (so prompt=none renews silently), RP-initiated logout that checks the id_token_hint.
 *
 * Settings: PROVIDER_PORT, PORTAL_URL, PORTAL_CLIENT_ID, PORTAL_RESOURCE, ACCESS_TOKEN_TTL (seconds).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Provider from 'oidc-provider';
import { EXTERNAL_USERS } from './external-provider-users';

const port = Number(process.env.PROVIDER_PORT ?? 3122);
const issuer = `http://localhost:${port}`;
const portal = process.env.PORTAL_URL ?? 'http://localhost:3123';
const clientId = process.env.PORTAL_CLIENT_ID ?? 'portico-spa';
const resource = process.env.PORTAL_RESOURCE ?? 'https://api.portico.test';
const accessTokenTtl = Number(process.env.ACCESS_TOKEN_TTL ?? 3600);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const loginPage = (uid: string, error = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example Identity</title></head><body>
  <main><h1>Example Identity sign-in</h1>${error ? `<p role="alert">${esc(error)}</p>` : ''}
  <form method="post" action="/interaction/${esc(uid)}"><label for="u">Username</label><input id="u" name="username" autocomplete="username">
  <label for="p">Password</label><input id="p" name="password" type="password" autocomplete="current-password">
  <button type="submit">Continue</button></form></main></body></html>`;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [`${portal}/callback`, `${portal}/silent_renew`],
      post_logout_redirect_uris: [`${portal}/logged-out`],
    },
  ],
  jwks: { keys: [signingKey as never] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  scopes: ['openid', 'profile', 'offline_access', 'portico'],
  claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'mls_login'] },
  async findAccount(_ctx, sub) {
    const user = EXTERNAL_USERS.find((u) => u.sub === sub);
    if (!user) return undefined;
    return {
      accountId: user.sub,
      claims: async () => ({ sub: user.sub, name: user.name, preferred_username: user.username, mls_login: user.mls_login }),
    };
  },
  async extraTokenClaims(_ctx, token) {
    const user = EXTERNAL_USERS.find((u) => u.sub === (token as { accountId?: string }).accountId);
    return user ? { mls_login: user.mls_login } : undefined;
  },
  features: {
    devInteractions: { enabled: false },
    rpInitiatedLogout: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicator) => {
        if (indicator !== resource) throw new Error(`unknown resource ${indicator}`);
        return {
          scope: 'portico',
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: accessTokenTtl,
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  },
  pkce: { required: () => true },
  ttl: { AccessToken: accessTokenTtl, IdToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
});

// The sign-in page: a username and password of this provider's own users.
provider.use(async (ctx, next) => {
  const match = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
  if (!match) return next();
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  if (details.prompt.name === 'consent') {
    // The portal is this provider's first-party client: what it asks for is granted without a consent screen.
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    ctx.status = 303;
    return ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true }));
  }
  if (ctx.method === 'GET') {
    ctx.type = 'html';
    ctx.body = loginPage(details.uid);
    return;
  }
  const form = await formOf(ctx.req);
  const user = EXTERNAL_USERS.find((u) => u.username === form.get('username') && u.password === form.get('password'));
  if (!user) {
    ctx.type = 'html';
    ctx.body = loginPage(details.uid, 'Unknown username or wrong password.');
    return;
  }
  ctx.status = 303;
  ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false }));
});

provider.listen(port, () => console.log(`external provider at ${issuer}`));
