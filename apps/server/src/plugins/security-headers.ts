import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { page } from '../identity/html';

/**
 * The policy of every answer that does not state its own: no scripts, no framing, styles only inline (the small
 * server-rendered pages: /outbox, errors). JSON answers are not documents, so it costs them nothing.
 */
const DEFAULT_DIRECTIVES = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
};

const YEAR_S = 365 * 24 * 3600;
const FORWARDED = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for', 'x-forwarded-port', 'forwarded'];

/** The embedded provider's pages may run exactly one inline script, the logout form's auto-submit: allowed by its hash. */
function providerPagesCsp(): string {
  const script = /<script>([\s\S]*?)<\/script>/.exec(page('', '', { autoSubmit: 'op.logoutForm' }))?.[1] ?? '';
  const hash = createHash('sha256').update(script).digest('base64');
  return [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "form-action 'self'",
    // The silent renew frame of the portal's own page opens /oidc/auth with prompt=none.
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * Security headers through @fastify/helmet (decision 0912): a strict default CSP, HSTS when the public URL is https,
 * Referrer-Policy, X-Content-Type-Options, frames refused. The portal page, the sign-in pages and the ad frame set
 * their own policies on top. Forwarded headers count only from TRUST_PROXY's addresses (decision 0911): from anyone
 * else they are dropped before Fastify or the embedded provider reads them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const trusted = config.trustProxy.length ? proxyAddr.compile(config.trustProxy) : null;
  app.addHook('onRequest', async (req) => {
    const raw = req.raw;
    if (trusted?.(raw.socket.remoteAddress ?? '', 0)) return;
    for (const name of FORWARDED) delete raw.headers[name];
  });

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: DEFAULT_DIRECTIVES },
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: YEAR_S, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });

  if (config.embeddedIdentity) {
    const oidcCsp = providerPagesCsp();
    // The provider answers through the raw response (middie), so its headers go on the raw response too.
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/oidc')) return;
      reply.raw.setHeader('content-security-policy', oidcCsp);
      reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
    });
  }
}
