import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { hookEveryRoute } from '../lib/route-hooks';

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
 * A JSON answer is never a document: no scripts, no framing, not readable by another origin's page (the OWASP REST
 * set). The document-only headers of the full set (opener policy, agent cluster, referrer policy, DNS prefetch,
 * download options, cross-domain policies, the XSS auditor) do nothing on it, and each header costs every call its
 * validation, its bytes and the client's parsing (issue 33, decision 1183).
 */
const JSON_DIRECTIVES = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };
const DOCUMENT_ONLY = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/**
 * Security headers by helmet (decision 0912): a strict default CSP, HSTS when the public URL is https,
 * Referrer-Policy, X-Content-Type-Options, frames refused. The portal page, the sign-in pages and the ad frame set
 * their own policies on top. Computed once at start, not per request (decision 1075), in two sets: the full one, and
 * the JSON one for the routes that declare a JSON contract (decision 1183); each route is given its set when it is
 * registered. Answers to a call that carries a token are never stored by a browser or proxy (the polling calls that
 * answer 304, decision 0101, and the files set their own Cache-Control, which wins). Forwarded headers count only
 * from TRUST_PROXY's addresses (decision 0911): from anyone else they are dropped before Fastify or the embedded
 * provider reads them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const trusted = config.trustProxy.length ? proxyAddr.compile(config.trustProxy) : null;
  const hsts = config.publicUrl.startsWith('https:') ? { maxAge: YEAR_S, includeSubDomains: false } : false;
  const documentSet = Object.entries(
    helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: DEFAULT_DIRECTIVES },
      strictTransportSecurity: hsts,
      referrerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
    }),
  );
  const jsonSet = Object.entries(
    helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: JSON_DIRECTIVES },
      strictTransportSecurity: hsts,
      xFrameOptions: { action: 'deny' },
      ...DOCUMENT_ONLY,
    }),
  );
  // Among the reply's own headers, never on the raw response: Node writes one object of headers at once, while a
  // single raw setHeader makes it set every header one by one (issue 33, decision 1186). The provider's pages
  // (/oidc, answered by Koa) get them from identity/mount.ts, which copies them over when it hands the request on.
  // A route without a JSON contract, and a request no route answers (a 404), get the full set.
  hookEveryRoute(app, 'onRequest', (route) => {
    const entries = route?.config?.response ? jsonSet : documentSet;
    return (req, reply) => {
      const raw = req.raw;
      if (!trusted?.(raw.socket.remoteAddress ?? '', 0)) for (const name of FORWARDED) delete raw.headers[name];
      for (const [name, value] of entries) reply.header(name, value);
      if (raw.headers.authorization) reply.header('cache-control', 'no-store');
    };
  });
  // The embedded provider's pages (/oidc) get their own policy from identity/provider.ts (providerHeaders):
  // frame-ancestors 'none', scripts only by the hash of the logout form's auto-submit.
}
