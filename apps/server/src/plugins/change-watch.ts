import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CHANGES_CHANNEL, ChangeWatch } from '../lib/change-watch';
import { type Listening, listen } from '../lib/listen';
import { sampledGauge } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** What this instance has heard of database changes; the read caches hang off it (decision 0998). */
    changes: ChangeWatch;
  }
}

/**
 * On the embedded database, listens on the change signals of migration 1000 from the start (PGlite's `listen`: its
 * one session makes every write, and hands the signals over as the COMMIT's answer is read). On PostgreSQL nothing is
 * signalled (several instances, each with pools of connections, and no read-your-writes guarantee for a signal that
 * travels on another connection): there, and until PGlite listens or if listening fails, the dashboard's topics are
 * kept at the database's version (decision 1177), the session checks too (decision 1192), and the others read the
 * database every call.
 */
export const changeWatchPlugin = fp(async (app: FastifyInstance) => {
  const watch = new ChangeWatch();
  // Without signals (PostgreSQL, or PGlite whose listening failed) the dashboard's shared answers are kept at the
  // version migration 1178 moves at each COMMIT of their tables (decision 1177). The ads are not: an impression
  // written on every view would move it on every call.
  // The session checks' accounts and grants are kept at the sessions' version (migration 1192, decision 1192).
  const dashboard = 'dashboard';
  watch.keepByVersion(app.db, {
    applications: dashboard,
    containers: dashboard,
    'system-notifications': dashboard,
    'system-notification-statuses': dashboard,
    account: 'sessions',
    grant: 'sessions',
  });
  app.decorate('changes', watch);
  let listening: Listening | null = null;
  if ('pglite' in app.db.jobTarget) {
    try {
      listening = await listen(app.db, CHANGES_CHANNEL, {
        onPayload: (payload) => watch.signal(payload),
        onReconnect: () => watch.connected(),
        onError: () => watch.disconnected(),
      });
      watch.connected();
    } catch (error) {
      app.log.warn({ err: error }, 'changes: could not listen; the read caches are bypassed');
    }
  }
  app.addHook('onClose', async () => {
    watch.disconnected();
    await listening?.stop();
  });
  sampledGauge('portico_change_watch_listening', '1 while this instance hears change signals (its read caches are used)', [], (g) =>
    g.set(watch.isListening ? 1 : 0),
  );
});
