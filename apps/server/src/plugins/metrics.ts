import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/errors';
import { fastifyPublic } from '../lib/guard';
import { type AnswerSeries, answerDurations, registry, sampledGauge } from '../lib/metrics';
import { hookEveryRoute } from '../lib/route-hooks';

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Every answer timed by route pattern, method and status (issue 18 §3), by a hook made for each route (issue 33): it
 * finds its series in a map of its own, by method and status, without reading req.routeOptions or making a label
 * object. Registered before any route (app.ts), so that every route has it; a request no route answers is `unmatched`.
 */
export function registerAnswerMetrics(app: FastifyInstance): void {
  hookEveryRoute(app, 'onResponse', (options) => {
    const route = options?.url ?? 'unmatched';
    const byMethod = new Map<string, Map<number, AnswerSeries>>();
    return (req, reply) => {
      const method = req.method;
      let byStatus = byMethod.get(method);
      if (!byStatus) {
        byStatus = new Map();
        byMethod.set(method, byStatus);
      }
      const status = reply.statusCode;
      let series = byStatus.get(status);
      if (!series) {
        series = answerDurations.of({ method, route, status: String(status) });
        byStatus.set(status, series);
      }
      series.observe(reply.elapsedTime / 1000);
    };
  });
}

/**
 * Prometheus metrics (issue 18 §3): every answer counted and timed (registerAnswerMetrics); the PostgreSQL pools
 * and the job queues sampled when scraped. `/metrics` is served only with `METRICS_TOKEN` set, to a caller bearing it.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  sampledGauge('portico_db_pool_connections', 'PostgreSQL connections of each pool, in use or idle', ['pool', 'state'], (g) => {
    for (const s of app.db.poolStats?.() ?? []) {
      g.set({ pool: s.pool, state: 'in_use' }, s.inUse);
      g.set({ pool: s.pool, state: 'idle' }, s.idle);
    }
  });
  sampledGauge('portico_db_pool_waiting', 'Queries waiting for a PostgreSQL connection, by pool', ['pool'], (g) => {
    for (const s of app.db.poolStats?.() ?? []) g.set({ pool: s.pool }, s.waiting);
  });
  sampledGauge(
    'portico_job_queue_jobs',
    'Jobs in each background queue, by state (queued, active, failed)',
    ['queue', 'state'],
    async (g) => {
      for (const q of await app.jobs.queueStats()) {
        g.set({ queue: q.name, state: 'queued' }, q.queuedCount);
        g.set({ queue: q.name, state: 'active' }, q.activeCount);
        g.set({ queue: q.name, state: 'failed' }, q.failedCount);
      }
    },
  );

  const token = app.config.metricsToken;
  if (!token) return;
  // Access: whoever bears METRICS_TOKEN (the Prometheus scraper); members' sign-ins do not reach it.
  app.get('/metrics', { config: fastifyPublic, schema: { hide: true } as never }, async (req, reply) => {
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) throw unauthenticated('The metrics need the bearer token METRICS_TOKEN.');
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
});
