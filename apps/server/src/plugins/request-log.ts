import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import { type AnswerPart, hookEveryRoute } from '../lib/route-hooks';
import { requestLineWriter } from './request-line';

export type LogDestination = ReturnType<typeof pino.destination>;

/** Lines are gathered up to this many bytes (some twenty request lines) before a write. */
export const LOG_BUFFER_BYTES = 4096;
/** ...and written at the latest this long after they came, on a quiet instance. */
export const LOG_FLUSH_MS = 250;

/**
 * Where the logs of `npm start` go (standard output, or a file or descriptor): written asynchronously, so that a
 * request never waits on the write, and gathered (LOG_BUFFER_BYTES, LOG_FLUSH_MS): one write, and one trip through
 * libuv's thread pool, for some twenty lines instead of nearly one a line on a busy instance (decision 1199; the
 * saving was within this machine's noise there). What is still buffered is written at the app's close
 * (`requestLog`'s onClose), and pino writes it at the process's exit too; only a process killed outright loses its
 * last quarter second of lines.
 */
export function logDestination(dest: string | number = 1): LogDestination {
  return pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/**
 * One log line per request (issue 33): Fastify's two (`incoming request` and `request completed`) are off
 * (`disableRequestLogging` in app.ts), and this line holds what both said: the request, the status and the time.
 * Nothing buffered is lost at a graceful shutdown: the close writes it synchronously.
 */
export function registerRequestLog(app: FastifyInstance, destination?: LogDestination): void {
  // The app's own pino writes the line without walking an object (plugins/request-line.ts); any other logger, pino.
  const writeLine = requestLineWriter(app.log);
  // Through the app's logger with the request's id: the same line as the request's own logger would write, without
  // making that logger (lazyRequestLogger). One part of every answer's hook (lib/route-hooks.ts), a 404's too.
  const logAnswer: AnswerPart = (req, reply) => {
    if (!isLevelEnabled(app.log, 'info')) return;
    if (writeLine) writeLine(req, reply);
    else app.log.info({ reqId: req.id, req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  };
  hookEveryRoute(app, 'onResponse', () => logAnswer);
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

/** pino's level check; a logger without one (Fastify's silent logger when logging is off) writes every level (to nothing). */
function isLevelEnabled(logger: FastifyBaseLogger, level: string): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(logger, level) : true;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

type ChildOf = (this: FastifyBaseLogger, bindings: Bindings, options?: ChildLoggerOptions) => FastifyBaseLogger;

/**
 * The loggers of requests made lazily (issue 33, decisions 1183 and 1196): the app's logger (`root`, pino's) makes
 * each child through `lazyRequestLogger`, and so do the children it makes, which inherit its `child`. Fastify makes a
 * request's logger with `child` itself when it is given no `childLoggerFactory`; given one, it checked the seven
 * methods of what the factory returned on every request.
 */
export function makeRequestLoggersLazy(root: FastifyBaseLogger): void {
  const pinoChild = root.child as ChildOf;
  root.child = function lazyChild(this: FastifyBaseLogger, bindings: Bindings, options?: ChildLoggerOptions) {
    return lazyRequestLogger(this, bindings, options ?? {}, pinoChild);
  } as FastifyBaseLogger['child'];
}

/**
 * The logger of one request: pino's child, with the request id among its bindings, made only when a line is written
 * at a level the app logs. Most calls write nothing through it, and making the child serialised its bindings on every
 * call (issue 33, decision 1183). A route's own level or serialisers get the child at once. `child` is pino's own way
 * of making one, never the lazy one `makeRequestLoggersLazy` puts in its place (that would only make lazy loggers).
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
  child: ChildOf,
): FastifyBaseLogger {
  // Any option at all (a route's level or serialisers): pino's child at once. No array made, as Object.keys would.
  for (const _ in options) return child.call(logger, bindings, options);
  return new LazyRequestLogger(logger, bindings, child) as unknown as FastifyBaseLogger;
}

class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bound: Bindings,
    private readonly makeChild: ChildOf,
  ) {}
  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  real(): FastifyBaseLogger {
    this.#child ??= this.makeChild.call(this.parent, this.bound);
    return this.#child;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return isLevelEnabled(this.#child ?? this.parent, level);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
}
