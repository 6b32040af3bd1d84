import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/errors';
import { fastifyPublic } from '../lib/guard';
import { httpDuration, registry, sampledGauge } from '../lib/metrics';

type Labels = Readonly<{ method: string; route: string; status: string }>;

/**
 * The label set of each route pattern, method and status, made on its first answer and reused after: recording an
 * answer allocates no label object (issue 33). Bounded by the routes, their methods and the statuses they answer.
 */
class LabelSets {
  private readonly byRoute = new Map<string, Map<string, Map<number, Labels>>>();

  of(route: string, method: string, status: number): Labels {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let set = byStatus.get(status);
    if (!set) {
      set = Object.freeze({ method, route, status: String(status) });
      byStatus.set(status, set);
    }
    return set;
  }
}

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Prometheus metrics (issue 18 §3): every answer counted and timed by route pattern and status; the PostgreSQL pools
 * and the job queues sampled when scraped. `/metrics` is served only with `METRICS_TOKEN` set, to a caller bearing it.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const labels = new LabelSets();
  app.addHook('onResponse', (req, reply, done) => {
    const set = labels.of(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode);
    httpDuration.observe(set, reply.elapsedTime / 1000);
    done();
  });
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
