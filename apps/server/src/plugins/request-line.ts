import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { logSerializers } from '../lib/log-redaction';

const { chindingsSym, endSym, formattersSym, hooksSym, lsCacheSym, messageKeySym, mixinSym, serializersSym, streamSym, timeSym } =
  pino.symbols;
/** A stream that is told each line's level and object (pino's multistream) must be written to by pino itself. */
const NEEDS_METADATA = Symbol.for('pino.metadata');
const INFO = 30;

type Pino = Record<symbol, unknown>;
type Stream = { write(line: string): unknown } & Record<symbol, unknown>;
export type RequestLineWriter = (req: FastifyRequest, reply: FastifyReply) => void;

/**
 * Each request's line, written as pino writes `logger.info({ reqId, req, res, responseTime }, 'request completed')`
 * (issue 33, decision 1197), without pino's generic walk of the object: its level and time, the logger's bindings and
 * its end come from pino itself, the request from the same serialiser, and the line goes to pino's own stream. Null
 * when the logger does anything this line would not: a mixin, a formatter of objects, a hook on writes, another
 * message key, serialisers other than the app's, or a stream that wants each line's metadata. Then pino writes it.
 */
export function requestLineWriter(logger: FastifyBaseLogger): RequestLineWriter | null {
  const internals = logger as unknown as Pino;
  const stream = internals[streamSym] as Stream | undefined;
  const serializers = (internals[serializersSym] ?? {}) as Record<string, unknown>;
  const plain =
    stream !== undefined &&
    stream[NEEDS_METADATA] !== true &&
    !internals[mixinSym] &&
    !(internals[formattersSym] as { log?: unknown } | undefined)?.log &&
    !(internals[hooksSym] as { streamWrite?: unknown } | undefined)?.streamWrite &&
    internals[messageKeySym] === 'msg' &&
    serializers.req === logSerializers.req &&
    serializers.res === logSerializers.res &&
    Object.keys(serializers).every((key) => key === 'req' || key === 'res' || key === 'err');
  if (!plain) return null;
  const time = internals[timeSym] as () => string;
  const levelAndTime = () => (internals[lsCacheSym] as Record<number, string>)[INFO] + time.call(logger);
  const end = `,"msg":"request completed"${internals[endSym] as string}`;
  return (req, reply) => {
    const took = reply.elapsedTime;
    stream.write(
      `${levelAndTime()}${internals[chindingsSym] as string},"reqId":${JSON.stringify(req.id)},"req":${JSON.stringify(logSerializers.req(req))},"res":${JSON.stringify(logSerializers.res(reply))},"responseTime":${Number.isFinite(took) ? took : null}${end}`,
    );
  };
}
