import type { FastifyInstance } from 'fastify';
import pino from 'pino';

export type LogDestination = ReturnType<typeof pino.destination>;

/** Lines are gathered up to this many bytes (about a dozen request lines) before a write (issue 33, decision 1140). */
export const LOG_BATCH_BYTES = 4096;
/** ...and written at least this often, so that a quiet instance's lines are seen within a tenth of a second. */
export const LOG_FLUSH_MS = 100;

/**
 * Where the logs of `npm start` go (standard output, or a file or descriptor): written asynchronously, so that a
 * request never waits on the write, and in batches: a busy instance makes one write of about 4 KB for a dozen lines
 * instead of one per line (the profile of decision 1140: one write per line was 5% of the process); a quiet one
 * writes what it has every 100 ms. What is still buffered is written at the app's close (`registerRequestLog`'s
 * onClose) and at the process's exit (pino's exit handler).
 */
export function logDestination(dest: string | number = 1): LogDestination {
  return pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/**
 * One log line per request (issue 33): Fastify's two (`incoming request` and `request completed`) are off
 * (`disableRequestLogging` in app.ts), and this line holds what both said: the request, the status and the time.
 * Nothing buffered is lost at a graceful shutdown: the close writes it synchronously.
 */
export function registerRequestLog(app: FastifyInstance, destination?: LogDestination): void {
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  if (!destination) return;
  app.addHook('onClose', (_app, done) => {
    flush(destination);
    done();
  });
}

function flush(destination: LogDestination): void {
  try {
    destination.flushSync();
  } catch {
    // Not open yet (a file being opened) or already closed: nothing of ours is buffered then.
  }
}
