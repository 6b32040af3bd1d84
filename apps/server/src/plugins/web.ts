import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = [
  '/api',
  '/oidc',
  '/signin',
  '/cribdata',
  '/taxapi',
  '/reportreasons',
  '/pageconfigs',
  '/reports',
  '/audienceindex',
  '/healthz',
  '/readyz',
  '/metrics',
];

export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Serves the built single-page app; unknown non-API paths get index.html so that the app routes them. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built web app at ${webDist}: run "npm run build" to serve the portal's screens.`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').header('content-security-policy', SPA_CSP).type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', { config: { access: 'public' }, schema: { hide: true } as never }, (_req, reply) => sendIndex(reply));
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } as never }, (req, reply) => {
    const path = req.url.split('?')[0].toLowerCase();
    if (API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
      return reply.callNotFound();
    }
    const file = join(webDist, decodeURIComponent(req.url.split('?')[0]));
    if (file.startsWith(webDist) && /\.[a-z0-9]+$/i.test(file) && existsSync(file)) {
      return reply.sendFile(file.slice(webDist.length));
    }
    return sendIndex(reply);
  });
}
