import { request, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AD_FRAME } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appWith } from '../../test/app-with';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A real HTTP request from a chosen loopback address, as a proxy (127.0.0.1) or a stranger (127.0.0.2) would send it. */
function get(port: number, path: string, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, localAddress: from, headers: { host: 'portal.example.test', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const DOCUMENT_ONLY = [
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const AUTHORIZE =
  '/oidc/auth?client_id=memberPortalUI&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fportal.example.test%2Fcallback' +
  '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s&nonce=n';
const cookiesOf = (answer: Answer) => [answer.headers['set-cookie'] ?? []].flat();
const endpointsOf = (answer: Answer) =>
  Object.entries(JSON.parse(answer.body) as Record<string, unknown>)
    .filter(([key, value]) => key.endsWith('_endpoint') && typeof value === 'string')
    .map(([, value]) => String(value));

describe('behind a TLS proxy (TRUST_PROXY)', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>;
  let port: number;
  beforeAll(async () => {
    ctx = await appWith({ PUBLIC_URL: 'https://portal.example.test', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('lists only https endpoints in discovery when the trusted proxy says the request came over https', async () => {
    const answer = await get(port, '/oidc/.well-known/openid-configuration', '127.0.0.1', { 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(200);
    const endpoints = endpointsOf(answer);
    expect(endpoints.length).toBeGreaterThan(3);
    for (const url of endpoints) expect(url).toMatch(/^https:\/\/portal\.example\.test\/oidc\//);
  });

  it("sets the provider's cookies Secure through the trusted proxy", async () => {
    const answer = await get(port, AUTHORIZE, '127.0.0.1', { 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(303);
    const cookies = cookiesOf(answer);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
  });

  it('ignores the forwarded headers of an address that is not a trusted proxy', async () => {
    const discovery = await get(port, '/oidc/.well-known/openid-configuration', '127.0.0.2', { 'x-forwarded-proto': 'https' });
    for (const url of endpointsOf(discovery)) expect(url).toMatch(/^http:\/\//);
    const authorize = await get(port, AUTHORIZE, '127.0.0.2', { 'x-forwarded-proto': 'https' });
    for (const cookie of cookiesOf(authorize)) expect(cookie.toLowerCase()).not.toContain('; secure');
  });

  it('sends HSTS on the API, the provider and the pages when the public URL is https', async () => {
    for (const path of ['/healthz', '/api/auth-config', '/oidc/.well-known/openid-configuration']) {
      const answer = await get(port, path, '127.0.0.1', { 'x-forwarded-proto': 'https' });
      expect(answer.headers['strict-transport-security'], path).toBe('max-age=31536000');
    }
  });
});

describe('security headers (helmet, computed once: decision 1075)', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    ctx = await appWith({});
  });
  afterAll(() => ctx.close());

  it('gives a JSON answer the JSON set: nosniff, no framing, not readable cross-origin, a CSP that allows nothing', async () => {
    for (const url of ['/api/auth-config', '/api/app/Members/AuthMemberDto']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      // Headers only a document acts on (decision 1183).
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('gives every other answer the full set: a referrer policy, no framing and a CSP that runs nothing', async () => {
    for (const url of ['/no-such-api', '/healthz', '/outbox']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('script-src');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('never lets a token-carrying answer be stored, unless the route says how it may be', async () => {
    const token = { authorization: 'Bearer not-a-token' };
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/app/Members/AuthMemberDto', headers: token });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(anonymous.headers['cache-control']).toBeUndefined();
    // The ad frame states its own caching, which wins over the default.
    const own = await ctx.app.inject({ method: 'GET', url: AD_FRAME.path, headers: token });
    expect(own.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("keeps the ad frame's own policy, framed by the portal only", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: AD_FRAME.path });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(res.headers['content-security-policy'])).toContain('sandbox allow-scripts');
  });

  it('hands Node every header of an answer in one object: none is set on the raw response one by one', async () => {
    // A single raw setHeader before the answer makes Node's writeHead set all of the reply's headers one by one
    // (issue 33, decision 1186).
    // Over a real socket: inject's response sets and removes a header of its own first.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const setHeader = vi.spyOn(ServerResponse.prototype, 'setHeader');
    try {
      for (const path of ['/api/app/Members/AuthMemberDto', '/api/auth-config', '/healthz', '/no-such-api']) {
        const res = await get(port, path, '127.0.0.1', { authorization: 'Bearer not-a-token' });
        expect(res.headers['x-content-type-options'], path).toBe('nosniff');
        expect(res.headers['x-request-id'], path).toBeTruthy();
        expect(
          setHeader.mock.calls.map(([name]) => name),
          path,
        ).toEqual([]);
      }
      // The provider answers on the raw response: the app's headers are copied onto it when it is handed over.
      const provider = await get(port, '/oidc/.well-known/openid-configuration', '127.0.0.1');
      expect(provider.status).toBe(200);
      expect(provider.headers['x-request-id']).toBeTruthy();
      expect(provider.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      setHeader.mockRestore();
    }
  });

  it("keeps the provider's pages unframeable and without inline scripts", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scripts).toBe("'self'");
  });

  it('serves the API browser with its own policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
