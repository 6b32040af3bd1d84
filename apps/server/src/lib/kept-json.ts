import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { type Contract, refuseOutsideContract } from './response-contract';

/** A kept answer's bytes, made at its first send: the JSON, and its gzip once a client asked for it. */
export interface KeptJson {
  json?: string;
  gzip?: Buffer;
}

/** Below this many characters an answer goes as it is: compressing it would save less than it costs. */
const GZIP_FROM = 2_048;

/** Whether the client takes gzip (`Accept-Encoding: gzip`, not refused with `q=0`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a kept answer (decision 1177) serialised once, by the route's own response schema (the bytes Fastify would
 * send), instead of once per call; and compressed once for the clients that take gzip (every browser): a broker's
 * list of 500 members cost more to serialise and to write to the socket than to keep. Under RESPONSE_CHECK=strict the
 * answer is checked against its contract first, as the route pipeline checks the others.
 */
export function sendKeptJson(reply: FastifyReply, kept: KeptJson, answer: () => object, contract: Contract): FastifyReply {
  if (kept.json === undefined) {
    const value = answer();
    if (reply.server.config.responseCheck) refuseOutsideContract(contract, value, `${reply.request.method} ${reply.request.url}`);
    const serialize = reply.getSerializationFunction('2xx');
    kept.json = serialize ? serialize(value as Record<string, unknown>) : JSON.stringify(value);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (kept.json.length < GZIP_FROM || !acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(kept.json);
  kept.gzip ??= gzipSync(kept.json);
  return reply.header('content-encoding', 'gzip').send(kept.gzip);
}
