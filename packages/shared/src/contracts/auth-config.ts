// Zod Mini, not classic Zod: the browser parses this before anything renders, and classic Zod's schemas cannot be
// tree-shaken (the public entry went from 103.6 to 94.1 KB gzipped, decision 0992); Mini keeps only the checks used here.
import * as z from 'zod/mini';

/**
 * `GET /api/auth-config` (also embedded in the served index.html): how the browser signs in, read at run time so
 * one built web app serves the embedded provider or any external OpenID Connect provider (decision 0910).
 */
export const authConfigSchema = z.object({
  /** The provider's issuer: its discovery document is at `${authority}/.well-known/openid-configuration`. */
  authority: z.url(),
  clientId: z.string().check(z.minLength(1)),
  scopes: z.string().check(z.minLength(1)),
  /** Extra authorization request parameters, such as `resource` (RFC 8707) or `audience`. */
  extraAuthParams: z.record(z.string(), z.string()),
  redirectUri: z.url(),
  silentRedirectUri: z.url(),
  postLogoutRedirectUri: z.url(),
  /** True when Portico keeps the members' passwords and second factors (the embedded provider). */
  portalOwnsCredentials: z.boolean(),
  /** The external provider's own account page (password, second factors), when one is configured. */
  accountUrl: z.nullable(z.url()),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The answer of Portico's own credential calls when an external provider owns the credentials. */
export const EXTERNAL_CREDENTIALS_MESSAGE =
  'Passwords and second factors are managed by your organisation’s sign-in provider, not by the portal.';
