import { LIVE_CHANNEL, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS, type LiveEvent, liveSignalSchema, type Viewer } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { type Listening, listen } from '../../lib/listen';
import type { Principal } from '../../plugins/auth';
import type { LiveHub, Subscriber } from './hub';
import { HEARTBEAT, presentEvent } from './presenter';

/** A stream that cannot keep up (its unsent bytes pile up) is ended; the browser reconnects or polls. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Starts this instance's one listening connection on first use, and stops it when the app closes. */
export function liveListener(app: FastifyInstance, hub: LiveHub) {
  let started: Promise<Listening> | null = null;
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => {
    const listening = await started?.catch(() => null);
    await listening?.stop();
  });
  return async (): Promise<void> => {
    started ??= listen(app.db, LIVE_CHANNEL, {
      onPayload: (payload) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          return;
        }
        const signal = liveSignalSchema.safeParse(parsed);
        if (signal.success) hub.dispatch(signal.data);
        else app.log.warn({ issues: signal.error.issues.length }, 'live: a signal that does not parse was ignored');
      },
      onReconnect: () => hub.broadcast({ type: 'resync' }),
      onError: (error) => app.log.warn({ err: error }, 'live: the listening connection failed; connecting again'),
    });
    try {
      await started;
    } catch (error) {
      started = null;
      app.log.error({ err: error }, 'live: could not listen');
      throw new AppError('RATE_LIMITED', 'Live updates are not available right now; the page refreshes as before.');
    }
  };
}

export interface StreamContext {
  app: FastifyInstance;
  hub: LiveHub;
  req: FastifyRequest;
  reply: FastifyReply;
  principal: Principal;
  viewer: Viewer;
  heartbeatMs?: number;
}

/**
 * The member's stream: text/event-stream, a heartbeat comment every 25 s that also checks the session again (a
 * sign-out on any instance ends the stream at the next beat), ended when the access token expires.
 */
export function openStream({ app, hub, req, reply, principal, viewer, heartbeatMs = LIVE_HEARTBEAT_MS }: StreamContext): void {
  const raw = reply.raw;
  let closed = false;
  const subscriber: Subscriber = {
    viewer,
    send: (event: LiveEvent) => write(presentEvent(event)),
    end: (reason) => finish(reason),
  };
  const admission = hub.add(subscriber);
  if (admission !== 'ok') {
    throw new AppError(
      'RATE_LIMITED',
      admission === 'member-full' ? 'Too many live update streams are open for this member.' : 'This server has no room for more streams.',
    );
  }

  const timers: NodeJS.Timeout[] = [];
  function cleanUp() {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    hub.remove(subscriber);
  }
  function write(chunk: string) {
    if (closed) return;
    raw.write(chunk);
    if (raw.writableLength > MAX_BUFFERED_BYTES) finish();
  }
  function finish(reason?: 'signed-out' | 'token-expired' | 'shutdown') {
    if (closed) return;
    if (reason) raw.write(presentEvent({ type: 'end', reason }));
    cleanUp();
    raw.end();
  }

  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx: do not buffer this answer (docs/operations.md).
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);
  subscriber.send({ type: 'ready' });
  req.raw.on('close', cleanUp);
  raw.on('error', cleanUp);

  const exp = typeof principal.claims.exp === 'number' ? principal.claims.exp * 1000 : null;
  if (exp !== null) timers.push(setTimeout(() => finish('token-expired'), Math.max(0, Math.min(exp - Date.now(), 2 ** 31 - 1))));
  const beat = setInterval(async () => {
    write(HEARTBEAT);
    try {
      await app.authenticate(req);
    } catch {
      finish('signed-out');
    }
  }, heartbeatMs);
  timers.push(beat);
}
