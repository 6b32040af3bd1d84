import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong entity tag for a state described by its parts (a version, the query asked, the audience). */
export function entityTag(...parts: unknown[]): string {
  return `"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url')}"`;
}

/**
 * Conditional answers for polling calls: sets ETag (revalidated on every use, private to the member) and,
 * when the client already holds that state, answers 304 with no body. Returns true when it answered.
 */
export function answerNotModified(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'authorization');
  const wanted = req.headers['if-none-match'];
  if (!wanted) return false;
  const tags = wanted.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!tags.includes(etag) && !tags.includes('*')) return false;
  reply.code(304).send();
  return true;
}
