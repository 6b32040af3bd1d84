import { OIDC_APP_SCOPES, OIDC_SCOPE_CLAIMS, type OidcAppScope, type Viewer } from '@portico/shared';
import { memberValues } from '../applications/index';
import type { MemberRecord } from '../members/index';

/** The OpenID Connect clients of the launcher's applications: MLS staff and admins at level 5 only, over every application. */
export function isOidcAppsStaff(viewer: Viewer): boolean {
  return viewer.level === 5;
}

/** Client ids of applications start so; the portal's own clients (`memberPortalUI`, `portico-saml`) never do. */
export const APPLICATION_CLIENT_PREFIX = 'mls-app-';
export const isApplicationClientId = (clientId: string) => clientId.startsWith(APPLICATION_CLIENT_PREFIX);

/** The scopes a request gets: those asked for that the application's client may have (openid always among them). */
export function grantedScopes(requested: Iterable<string>, allowed: string): OidcAppScope[] {
  const mayHave = new Set(allowed.split(' '));
  const asked = new Set(requested);
  return OIDC_APP_SCOPES.filter((s) => asked.has(s) && mayHave.has(s));
}

/**
 * Every member claim an application may receive; the provider keeps only those of the scopes granted
 * (OIDC_SCOPE_CLAIMS). The values are the SAML attributes' (modules/applications memberValues); empty ones are left out.
 */
export function memberClaims(accountId: number, m: MemberRecord): { sub: string } & Record<string, string> {
  const v = memberValues(m);
  const claims: Record<string, string> = {
    sub: String(accountId),
    name: [v.firstName, v.lastName].filter(Boolean).join(' ') || v.loginId,
    given_name: v.firstName,
    family_name: v.lastName,
    preferred_username: v.loginId,
    email: v.email,
    mls_member_id: v.memberMlsId,
    mls_login_id: v.loginId,
    office_mls_id: v.officeMlsId,
    office_name: v.officeName,
    association: v.association,
    member_type: v.memberType,
    state_license: v.stateLicense,
  };
  return { ...Object.fromEntries(Object.entries(claims).filter(([, value]) => value)), sub: claims.sub };
}

/** The provider's `claims` setting: each scope and the claims it releases. */
export const providerClaims = (): Record<string, string[]> =>
  Object.fromEntries(Object.entries(OIDC_SCOPE_CLAIMS).map(([scope, names]) => [scope, [...names]]));

/** The scopes the provider knows for applications beyond the portal's own (`openid`, `profile`). */
export const OIDC_PROVIDER_SCOPES = OIDC_APP_SCOPES.filter((s) => s !== 'openid' && s !== 'profile');
