import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
 * The headers helmet's middleware sets with `options`, found once by running it against a response that only records
 * them: the same headers as running it on every request, computed once per kind of response (issue 33).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers by helmet (decision 0912): a strict default CSP, HSTS when the public URL is https,
 * Referrer-Policy, X-Content-Type-Options, frames refused. The portal page, the sign-in pages and the ad frame set
 * their own policies on top. Computed once at start, not per request (decision 1075): every answer starts with the
 * same set. Forwarded headers count only from TRUST_PROXY's addresses (decision 0911): from anyone else they are
 * dropped before Fastify or the embedded provider reads them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const trusted = config.trustProxy.length ? proxyAddr.compile(config.trustProxy) : null;
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: DEFAULT_DIRECTIVES },
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: YEAR_S, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const entries = Object.entries(headers);
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    if (!trusted?.(raw.socket.remoteAddress ?? '', 0)) for (const name of FORWARDED) delete raw.headers[name];
    // On the raw response, as helmet does: the provider's pages (/oidc, answered by Koa through middie) get them too.
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  // The embedded provider's pages (/oidc) get their own policy from identity/provider.ts (providerHeaders):
  // frame-ancestors 'none', scripts only by the hash of the logout form's auto-submit.
}
