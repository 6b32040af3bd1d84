import { type AuthConfig, authConfigSchema } from '@portico/shared';
import { type SigninRedirectArgs, type SigninSilentArgs, UserManager, WebStorageStateStore } from 'oidc-client-ts';

/** 128 random bits in hex (getRandomValues works on any origin; randomUUID only on secure ones). */
const randomValue = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The portal's OpenID Connect client: authorization code with PKCE, and a nonce on every authorization request,
 * silent ones included (some providers refuse a request without one; oidc-client-ts sends one only when asked).
 */
class PortalUserManager extends UserManager {
  override signinRedirect(args: SigninRedirectArgs = {}) {
    return super.signinRedirect({ nonce: randomValue(), ...args });
  }
  override signinSilent(args: SigninSilentArgs = {}) {
    return super.signinSilent({ nonce: randomValue(), ...args });
  }
}

let started: { config: AuthConfig; manager: UserManager } | null = null;

/**
 * Reads the sign-in settings the server put into index.html (or, when the page came from elsewhere such as the Vite
 * development server, asks `/api/auth-config`), then creates the client. Runs once, before the app renders.
 */
export async function startAuth(): Promise<void> {
  const embedded = document.getElementById('portico-auth-config')?.textContent;
  const raw = embedded ? JSON.parse(embedded) : (await (await fetch('/api/auth-config')).json()).results[0];
  const config = authConfigSchema.parse(raw);
  const manager = new PortalUserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    silent_redirect_uri: config.silentRedirectUri,
    post_logout_redirect_uri: config.postLogoutRedirectUri,
    response_type: 'code',
    scope: config.scopes,
    extraQueryParams: config.extraAuthParams,
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    loadUserInfo: false,
  });
  started = { config, manager };
}

function current() {
  if (!started) throw new Error('startAuth() has not run');
  return started;
}

export const userManager = (): UserManager => current().manager;
export const authConfig = (): AuthConfig => current().config;

export async function accessToken(): Promise<string | null> {
  const user = await userManager().getUser();
  return user && !user.expired ? user.access_token : null;
}

/** Starts the sign-in redirect; an association code travels to the provider as an acr value. */
export function signIn(loginAor?: string | null) {
  return userManager().signinRedirect(loginAor ? { acr_values: loginAor } : undefined);
}

/**
 * Signs out through the provider's end_session_endpoint with the id token as hint and a state (some providers
 * return to post_logout_redirect_uri only with one). A provider that publishes no end_session_endpoint leaves only
 * the portal's own session to end.
 */
export async function signOut(idTokenHint: string | undefined): Promise<boolean> {
  try {
    await userManager().signoutRedirect({ id_token_hint: idTokenHint, state: { from: 'logout' } });
    return true;
  } catch {
    await userManager().removeUser();
    return false;
  }
}

// The nonce of this page's style elements lives in ui/ (the rich-text field needs it; ui imports no upper layer).
export { styleNonce } from '../ui/style-nonce';
