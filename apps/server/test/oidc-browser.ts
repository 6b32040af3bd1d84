import type { FastifyInstance } from 'fastify';

/** Drives the real authorization code + PKCE flow of the embedded provider through HTTP, cookie by cookie. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}
  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const res = await this.app.inject({
      method,
      url,
      headers: { cookie: this.cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
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
