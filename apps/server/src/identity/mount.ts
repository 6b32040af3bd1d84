import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type Provider from 'oidc-provider';
import { fastifyPublic } from '../lib/guard';
import { providerHeaders } from './provider';

const PROVIDER_PATH = '/oidc';
/** The mount as the request wrote it (any case, as the router matches it), followed by a path, a query or nothing. */
const MOUNT = /^\/oidc(?=[/?]|$)/i;
/** What the provider's endpoints answer (dynamic registration, which would use PUT and DELETE, is off). */
const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/**
 * The embedded provider under /oidc: its two routes hand the raw request to the provider's Koa app in their
 * onRequest hook, before Fastify reads a body (the provider reads its own). The provider sees the path below the
 * mount, and finds the mount from `originalUrl` as it does behind Express or middie. Routes rather than a middleware
 * run on every request: the API's calls no longer pay for matching the mount (issue 33, decision 1183). The app's
 * onRequest hooks (security headers, request id) run first, and its onResponse hooks (the request log, metrics) after.
 */
export function mountProvider(app: FastifyInstance, provider: Provider): void {
  const callback = provider.callback();
  const handOver = (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.raw;
    const url = raw.url ?? '/';
    const mount = MOUNT.exec(url);
    // The router decodes what it matches: a mount written in escapes (/%6Fidc) is not the provider's.
    if (!mount) return reply.callNotFound();
    reply.hijack();
    // What the app's onRequest hooks set (security headers, request id) is the reply's: Koa answers on the raw response.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    const below = url.slice(mount[0].length);
    (raw as { originalUrl?: string }).originalUrl = url;
    raw.url = below.startsWith('/') ? below : `/${below}`;
    providerHeaders(raw, reply.raw, () => callback(raw, reply.raw));
  };
  for (const url of [PROVIDER_PATH, `${PROVIDER_PATH}/*`]) {
    app.route({
      method: METHODS,
      url,
      config: fastifyPublic,
      schema: { hide: true },
      onRequest: handOver,
      handler: async () => {
        throw new Error('the provider answers in the onRequest hook');
      },
    });
  }
}
