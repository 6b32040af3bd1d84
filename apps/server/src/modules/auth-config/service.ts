import type { AuthConfig } from '@portico/shared';
import type { Config } from '../../config';

/** How the browser signs in, from the server's settings: the same built web app serves any provider (decision 0910). */
export function authConfigOf(config: Config): AuthConfig {
  const { clientId, scopes, authParams, accountUrl } = config.oidcClient;
  return {
    authority: config.issuer,
    clientId,
    scopes,
    extraAuthParams: authParams,
    redirectUri: `${config.publicUrl}/callback`,
    silentRedirectUri: `${config.publicUrl}/silent_renew`,
    postLogoutRedirectUri: `${config.publicUrl}/logged-out`,
    portalOwnsCredentials: config.embeddedIdentity,
    accountUrl,
  };
}

const ENDPOINTS_THE_PAGE_CALLS = ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint', 'userinfo_endpoint'];

/**
 * The origins of an external provider that the portal page talks to: its issuer (discovery) and the endpoints its
 * discovery document names for the page's calls and its silent renew frame. Most providers serve all from one origin;
 * none when the provider is embedded (same origin). A failed discovery answers the issuer's origin and is tried again.
 */
export function providerOriginsOf(config: Config, fetchImpl: typeof fetch = fetch): () => Promise<string[]> {
  if (config.embeddedIdentity) return async () => [];
  const issuerOrigin = new URL(config.issuer).origin;
  let known: string[] | null = null;
  return async () => {
    if (known) return known;
    try {
      const res = await fetchImpl(`${config.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
      const discovery = (await res.json()) as Record<string, unknown>;
      const origins = ENDPOINTS_THE_PAGE_CALLS.map((key) => discovery[key])
        .filter((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url))
        .map((url) => new URL(url).origin);
      known = [...new Set([issuerOrigin, ...origins])];
      return known;
    } catch {
      return [issuerOrigin];
    }
  };
}
