import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { touchSession } from '../modules/member-sessions/index';
import { applicationClients, isApplicationClientId, OIDC_PROVIDER_SCOPES, providerClaims } from '../modules/oidc-apps/index';
import { SAML_CLIENT_ID } from '../modules/saml/index';
import { postgresAdapterFactory } from './adapter';
import { autoSubmitScript, escapeHtml, page } from './html';
import type { IdentityKeys } from './keys';

export const PORTAL_CLIENT_ID = 'memberPortalUI';
export const API_SCOPES = 'data member_portal';
export const OIDC_SCOPES = 'openid profile offline_access data member_portal';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopbackUrl = (value: string) => {
  try {
    return LOOPBACK_HOSTS.has(new URL(value).hostname);
  } catch {
    return false;
  }
};

/**
 * The provider's pages run no script but a hashed auto-submit (oidc-provider adds the hash of its own form_post
 * script to `script-src`), post only to the portal, and are never framed.
 */
export function providerCsp(script?: string): string {
  const hash = script ? ` 'sha256-${createHash('sha256').update(script).digest('base64')}'` : '';
  return `default-src 'none'; script-src 'self'${hash}; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}

/** Every answer under /oidc: the CSP above, never framed, never cached by a shared cache. */
export function providerHeaders(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  res.setHeader('content-security-policy', providerCsp());
  res.setHeader('x-frame-options', 'DENY');
  next();
}

/** The portal's grant: the OIDC scopes and claims, and the API's resource scope, never asked for (first-party). */
async function savePortalGrant(grant: InstanceType<Provider['Grant']>, audience: string) {
  grant.addOIDCScope(OIDC_SCOPES);
  grant.addOIDCClaims(['sub', 'name', 'given_name', 'family_name', 'preferred_username']);
  grant.addResourceScope(audience, API_SCOPES);
  await grant.save();
  return grant;
}

/**
 * The portal's grant of a sign-in, made when the sign-in finishes (issue 32 §1) rather than when the provider asks
 * for it: the sign-in page then knows the session it records (device, address, place); the provider takes the grant
 * from the interaction's result (`consent.grantId`).
 */
export async function newPortalGrant(provider: Provider, accountId: string, audience: string): Promise<string> {
  const grant = await savePortalGrant(new provider.Grant({ clientId: PORTAL_CLIENT_ID, accountId }), audience);
  return grant.jti;
}

/** The embedded OpenID Connect provider: authorization code with PKCE (S256) for the portal's public client. */
export function createProvider(config: Config, db: Db, keys: IdentityKeys): Provider {
  const audience = config.audience;
  const applications = applicationClients(db);
  const provider = new Provider(config.issuer, {
    adapter: postgresAdapterFactory(db, applications.findClient),
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/callback`, `${config.publicUrl}/silent_renew`],
        post_logout_redirect_uris: [`${config.publicUrl}/logged-out`, `${config.publicUrl}/`],
      },
      {
        client_id: SAML_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: [],
        response_types: ['none'],
        redirect_uris: [`${config.publicUrl}/saml/resume`],
      },
    ],
    scopes: ['openid', 'profile', 'offline_access', 'data', 'member_portal', ...OIDC_PROVIDER_SCOPES],
    // Each scope's claims; the launcher's applications get them in the ID token too, not only from userinfo.
    claims: providerClaims(),
    conformIdTokenClaims: false,
    async findAccount(ctx, sub) {
      const clientId = ctx.oidc?.client?.clientId;
      if (clientId && isApplicationClientId(clientId)) {
        const claims = await applications.claimsFor(Number(sub) || 0);
        return claims ? { accountId: String(sub), claims: async () => claims } : undefined;
      }
      const row = await db.one<{ id: number; login_id: string; first_name: string | null; last_name: string | null }>(
        `SELECT a.id, a.login_id, m.first_name, m.last_name FROM accounts a LEFT JOIN members m ON m.id = a.member_id WHERE a.id = $1`,
        [Number(sub) || 0],
      );
      if (!row) return undefined;
      return {
        accountId: String(row.id),
        async claims() {
          return {
            sub: String(row.id),
            preferred_username: row.login_id,
            given_name: row.first_name ?? undefined,
            family_name: row.last_name ?? undefined,
            name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.login_id,
          };
        },
      };
    },
    // oidc-provider refuses special-use addresses (loopback, private networks) for the requests it makes. Outside
    // production, a back-channel logout URI on a loopback host (development, the demo, the tests) is let through.
    fetch: (input, init) => {
      if (config.production || !isLoopbackUrl(String(input)) || !init) return globalThis.fetch(input, init);
      const { dispatcher: _guard, ...rest } = init as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(input, rest);
    },
    features: {
      devInteractions: { enabled: false },
      // OpenID Connect Back-Channel Logout 1.0 (decision 0997): signing out posts a logout token to each application
      // the session signed into that registered a `backchannel_logout_uri`.
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          // The portal's own /logout sends the member's id_token_hint: then the provider signs out without asking
          // again. Without a valid hint for the signed-in account (a link or form from another site), it asks.
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
          if (hint?.payload?.sub && hint.payload.sub === ctx.oidc.session?.accountId) {
            ctx.set('content-security-policy', providerCsp(autoSubmitScript('op.logoutForm')));
            ctx.body = page(
              'Signing out',
              `<main class="card"><h1>Signing out…</h1>${form}<noscript><button form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
               <p>If nothing happens, <button form="op.logoutForm" name="logout" value="yes">continue</button>.</p></main>`,
              { autoSubmit: 'op.logoutForm' },
            );
            return;
          }
          ctx.body = page(
            'Sign out?',
            `<main class="card"><h1>Sign out of the member portal?</h1>${form}
             <button form="op.logoutForm" name="logout" value="yes">Sign out</button>
             <p class="links"><a href="${escapeHtml(config.publicUrl)}/">Stay signed in</a></p></main>`,
          );
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.body = page(
            'Signed out',
            `<main class="card"><h1>You have securely logged out.</h1><p><a href="${escapeHtml(config.publicUrl)}/">Back to the portal</a></p></main>`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        // The portal's API is for the portal: an application's access token is for userinfo only.
        defaultResource: (_ctx, client) => (client && isApplicationClientId(client.clientId) ? undefined : audience),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, _resource, client) => {
          if (isApplicationClientId(client.clientId)) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 3600,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: { policy: applications.policy(), url: (_ctx, interaction) => `/signin/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      if (isApplicationClientId(client.clientId)) return applications.applicationGrant(ctx);
      const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      // The portal and its SAML identity provider are first-party: members are never asked to consent to them.
      if (client.clientId !== PORTAL_CLIENT_ID && client.clientId !== SAML_CLIENT_ID) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      if (client.clientId === SAML_CLIENT_ID) {
        grant.addOIDCScope('openid');
        await grant.save();
        return grant;
      }
      return savePortalGrant(grant, audience);
    },
    // Access tokens carry the account's token generation and their grant (decision 0901): a password change or
    // reset moves the generation on, and the auth plugin refuses older tokens but those of the grant that changed it.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token)) return undefined;
      const row = await db.one<{ token_generation: number }>('SELECT token_generation FROM accounts WHERE id = $1', [
        Number(token.accountId) || 0,
      ]);
      // The session was seen now: a sign-in, a refresh or a silent renew (Sessions' 'last seen', decision 1121).
      if (token.grantId) await touchSession(db, token.grantId);
      return { gen: row?.token_generation ?? 0, gid: token.grantId };
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    jwks: { keys: keys.signing as never },
    cookies: { keys: keys.cookieKeys, long: { signed: true }, short: { signed: true } },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in problem',
        `<main class="card"><h1>Sign-in problem</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="${escapeHtml(config.publicUrl)}/">Back to the portal</a></p></main>`,
      );
    },
  });
  provider.use(applications.recordSignIns);
  return provider;
}
