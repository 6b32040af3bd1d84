import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Drives the real authorization code + PKCE flow of the embedded provider through HTTP, cookie by cookie. */
export class Browser {
  cookies = new Map<string, string>();
  /** Headers this browser sends with every request (its user agent, a proxy's X-Forwarded-For). */
  headers: Record<string, string> = {};
  constructor(private readonly app: FastifyInstance) {}
  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const res = await this.app.inject({
      method,
      url,
      headers: { ...this.headers, cookie: this.cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      const [name, ...value] = pair.split('=');
      this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }
}

export const pathOf = (location: string) => location.replace(/^https?:\/\/[^/]+/, '');

/** Posts a form to the provider's token endpoint of `app` (code exchange or refresh). */
export function tokenRequest(app: FastifyInstance, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: 'memberPortalUI', ...form }).toString(),
  });
}

/** Exchanges an authorization code with its PKCE verifier at the portal's callback URI. */
export function exchangeCode(app: FastifyInstance, code: string, verifier: string) {
  return tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: 'http://127.0.0.1:3999/callback',
    code_verifier: verifier,
  });
}

/** Starts the portal's authorization request (code + PKCE S256) and answers the verifier and the sign-in page's path. */
export async function startAuthorization(browser: Browser, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = new URLSearchParams({
    client_id: 'memberPortalUI',
    redirect_uri: 'http://127.0.0.1:3999/callback',
    response_type: 'code',
    scope: 'openid profile data member_portal offline_access',
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const res = await browser.request('GET', `/oidc/auth?${params}`);
  const signinPath = pathOf(String(res.headers.location ?? ''));
  return { verifier, signinPath, status: res.statusCode };
}

/** Follows the provider's redirects after a finished sign-in until it hands a code to the portal's callback. */
export async function followToCallback(browser: Browser, location: string): Promise<string | null> {
  let next = location;
  for (let hops = 0; hops < 6 && !next.includes('/callback'); hops++) {
    const res = await browser.request('GET', pathOf(next));
    next = String(res.headers.location ?? '');
  }
  return next.includes('/callback') ? new URL(next).searchParams.get('code') : null;
}
