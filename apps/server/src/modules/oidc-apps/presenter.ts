import { OIDC_APP_SCOPES, type OidcAppScope, type OidcClient } from '@portico/shared';
import type { OidcApplicationRow } from './repository';

/** The client as staff see it: never the sealed secret; the plain secret only when it was just made. */
export function presentOidcClient(row: OidcApplicationRow, issuer: string, secret?: string): OidcClient {
  const scopes = new Set(row.scopes.split(' '));
  return {
    applicationId: row.application_id,
    applicationName: row.application_name,
    clientId: row.client_id,
    ...(secret ? { clientSecret: secret } : {}),
    redirectUris: row.redirect_uris,
    postLogoutRedirectUris: row.post_logout_redirect_uris,
    initiateLoginUri: row.initiate_login_uri,
    scopes: OIDC_APP_SCOPES.filter((s): s is OidcAppScope => scopes.has(s)),
    tokenEndpointAuthMethod: row.token_endpoint_auth_method,
    enabled: row.enabled,
    backchannelLogoutUri: row.backchannel_logout_uri,
    backchannelLogoutSessionRequired: row.backchannel_logout_session_required,
    secretRotatedOn: new Date(row.secret_rotated_on).toISOString(),
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
  };
}

/** The client's metadata for oidc-provider (only what it knows; `initiate_login_uri` stays Portico's own). */
export function providerClientMetadata(row: OidcApplicationRow, secret: string) {
  return {
    client_id: row.client_id,
    client_secret: secret,
    client_name: row.application_name,
    application_type: 'web',
    token_endpoint_auth_method: row.token_endpoint_auth_method,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: row.redirect_uris,
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    scope: row.scopes,
    // Back-Channel Logout (decision 0997): the provider posts a logout token here when the member signs out.
    ...(row.backchannel_logout_uri
      ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: row.backchannel_logout_session_required }
      : {}),
  };
}
