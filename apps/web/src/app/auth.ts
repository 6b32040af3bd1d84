import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

const origin = window.location.origin;

/** The portal's OpenID Connect client: authorization code with PKCE against the provider at /oidc. */
export const oidcSettings = {
  authority: `${origin}/oidc`,
  client_id: 'memberPortalUI',
  redirect_uri: `${origin}/callback`,
  silent_redirect_uri: `${origin}/silent_renew`,
  post_logout_redirect_uri: `${origin}/logged-out`,
  response_type: 'code',
  scope: 'openid profile data member_portal offline_access',
  automaticSilentRenew: true,
  userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  loadUserInfo: false,
};

export const userManager = new UserManager(oidcSettings);

export async function accessToken(): Promise<string | null> {
  const user = await userManager.getUser();
  return user && !user.expired ? user.access_token : null;
}

/** Starts the sign-in redirect; an association code travels to the provider as an acr value. */
export function signIn(loginAor?: string | null) {
  return userManager.signinRedirect(loginAor ? { acr_values: loginAor } : undefined);
}
