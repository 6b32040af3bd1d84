import { z } from 'zod';
import { id, text } from './input';

/**
 * The OpenID Connect client of an application of the launcher (issue 19 section 2, decision 0989):
 * `api/app/SsoApplications/{applicationId}/OidcClient` (GET, PUT) and `.../OidcClient/Secret` (POST, a new secret).
 */

/** The scopes an application may be granted: `openid` always; `mls` carries the member's MLS claims. */
export const OIDC_APP_SCOPES = ['openid', 'profile', 'email', 'mls'] as const;
export type OidcAppScope = (typeof OIDC_APP_SCOPES)[number];

/** The claims each scope releases (the same member fields as the SAML attributes). */
export const OIDC_SCOPE_CLAIMS: Record<OidcAppScope, readonly string[]> = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  email: ['email'],
  mls: ['mls_member_id', 'mls_login_id', 'office_mls_id', 'office_name', 'association', 'member_type', 'state_license'],
};

export const OIDC_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;

export const OIDC_APP_MESSAGES = {
  url: 'Must be an absolute https:// address (http:// only for localhost), without a #fragment',
  redirectRequired: 'At least one redirect URI is required',
  tooMany: 'At most 10 addresses',
  duplicate: 'Each address once',
  openidRequired: 'The openid scope is required',
  saved: 'The OpenID Connect client was saved.',
  created: 'The OpenID Connect client was registered. Copy the client secret now: it is shown only once.',
  rotated: 'A new client secret was made; the old one no longer works. Copy it now: it is shown only once.',
  notRegistered: 'This application has no OpenID Connect client yet.',
} as const;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address a relying party may be sent to: https (http on a loopback host only, for development), no fragment. */
export function isClientUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#') || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

const clientUrl = () => text(2000).trim().refine(isClientUrl, OIDC_APP_MESSAGES.url);
const urlList = (min: number) =>
  z
    .array(clientUrl(), { error: 'Must be a list of addresses' })
    .min(min, OIDC_APP_MESSAGES.redirectRequired)
    .max(10, OIDC_APP_MESSAGES.tooMany)
    .refine((list) => new Set(list).size === list.length, OIDC_APP_MESSAGES.duplicate);

export const oidcClientParamsSchema = z.object({ applicationId: id() });

/** `PUT .../OidcClient`: registers the client (with a new id and secret) or changes its settings (same id and secret). */
export const oidcClientInputSchema = z.object({
  redirectUris: urlList(1),
  postLogoutRedirectUris: urlList(0).default([]),
  initiateLoginUri: clientUrl().nullable().default(null),
  scopes: z
    .array(z.enum(OIDC_APP_SCOPES), { error: `Each scope one of ${OIDC_APP_SCOPES.join(', ')}` })
    .max(OIDC_APP_SCOPES.length)
    .refine((s) => s.includes('openid'), OIDC_APP_MESSAGES.openidRequired)
    .transform((s) => OIDC_APP_SCOPES.filter((scope) => s.includes(scope)))
    .default([...OIDC_APP_SCOPES]),
  tokenEndpointAuthMethod: z.enum(OIDC_AUTH_METHODS).default('client_secret_basic'),
  enabled: z.boolean().default(true),
  /** Back-Channel Logout (decision 0997): where Portico posts a logout token when the member's session ends. */
  backchannelLogoutUri: clientUrl().nullable().default(null),
  /** Whether the logout token must carry the session id (`sid`) as well as the member (`sub`). */
  backchannelLogoutSessionRequired: z.boolean().default(false),
});
export type OidcClientInput = z.input<typeof oidcClientInputSchema>;

/** An application's OpenID Connect client as staff see it; `clientSecret` only in the answer that made it. */
export const oidcClientSchema = z.object({
  applicationId: z.number(),
  applicationName: z.string(),
  clientId: z.string(),
  /** Present once: in the answer of the registration or of a new secret, never again. */
  clientSecret: z.string().optional(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  initiateLoginUri: z.string().nullable(),
  scopes: z.array(z.enum(OIDC_APP_SCOPES)),
  tokenEndpointAuthMethod: z.enum(OIDC_AUTH_METHODS),
  enabled: z.boolean(),
  backchannelLogoutUri: z.string().nullable(),
  backchannelLogoutSessionRequired: z.boolean(),
  secretRotatedOn: z.string(),
  /** What to hand to the vendor: the issuer and its discovery document. */
  issuer: z.string(),
  discoveryUrl: z.string(),
});
export type OidcClient = z.infer<typeof oidcClientSchema>;
