import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyPublic } from '../lib/guard';
import { authConfigOf, providerOriginsOf } from '../modules/auth-config/index';
import { FRAMED_SHELL_PATHS, newNonce, shellCsp, shellHtml } from './spa-shell';

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
  const authConfig = authConfigOf(app.config);
  const providerOrigins = providerOriginsOf(app.config);
  // The MLS's listing photos (the feed's Media resource) live on its own servers, whatever their host: https only.
  const imageOrigins = app.config.reso?.resources.includes('Media') ? ['https:'] : [];
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const nonce = newNonce();
    const framable = FRAMED_SHELL_PATHS.includes(req.url.split('?')[0].toLowerCase());
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', shellCsp(nonce, await providerOrigins(), framable, imageOrigins))
      .header('x-frame-options', framable ? 'SAMEORIGIN' : 'DENY')
      .type('text/html; charset=utf-8')
      .send(shellHtml(indexHtml, nonce, authConfig));
  };
  app.get('/', { config: fastifyPublic, schema: { hide: true } as never }, sendIndex);
  app.get('/*', { config: fastifyPublic, schema: { hide: true } as never }, async (req, reply) => {
    const path = req.url.split('?')[0].toLowerCase();
    if (API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
      return reply.callNotFound();
    }
    const file = join(webDist, decodeURIComponent(req.url.split('?')[0]));
    if (file.startsWith(webDist) && /\.[a-z0-9]+$/i.test(file) && existsSync(file)) {
      return reply.sendFile(file.slice(webDist.length));
    }
    return sendIndex(req, reply);
  });
}
