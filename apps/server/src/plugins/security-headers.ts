import helmet from '@fastify/helmet';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

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
  // The embedded provider's pages (/oidc) get their own policy from identity/provider.ts (providerHeaders):
  // frame-ancestors 'none', scripts only by the hash of the logout form's auto-submit.
}
