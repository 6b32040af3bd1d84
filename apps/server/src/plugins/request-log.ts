import type { FastifyInstance } from 'fastify';
import pino from 'pino';

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * Where the logs of `npm start` go (standard output, or a file or descriptor): written asynchronously, so that a
 * request never waits on the write. Lines that come while a write is under way are gathered and go out in the next
 * write; a quiet instance writes each line at once. What is still buffered is written at the app's close
 * (`requestLog`'s onClose), and pino writes it at the process's exit too.
 */
export function logDestination(dest: string | number = 1): LogDestination {
  return pino.destination({ dest, sync: false });
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
