import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Paths whose query strings or last segment carry secrets (codes, id_token_hint, reset tokens): logged without them
 * (decision 0901). The provider's own paths, the portal's OAuth callbacks, and the reset link.
 */
const SECRET_QUERY = /^\/(oidc|signin|callback|silent_renew)(\/|\?|$)/i;
const SECRET_SEGMENT = /^(\/password-reset\/)[^/?]+/i;

export function redactUrl(url: string): string {
  let out = url.replace(SECRET_SEGMENT, '$1[redacted]');
  if (SECRET_QUERY.test(out) && out.includes('?')) out = `${out.slice(0, out.indexOf('?'))}?[redacted]`;
  return out;
}

/** pino's request serializer with the URL redacted; otherwise what Fastify logs by default, as is its answer's. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      // As the request came: the provider's mount (identity/mount.ts) strips /oidc from req.url before the request's line is written.
      url: redactUrl(req.originalUrl ?? req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
  res(reply: Pick<FastifyReply, 'statusCode'>) {
    return { statusCode: reply.statusCode };
  },
};
