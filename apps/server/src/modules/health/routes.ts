import type { FastifyInstance } from 'fastify';
import { fastifyPublic } from '../../lib/guard';
import { readiness } from './service';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: fastifyPublic, schema: { hide: true } as never }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: fastifyPublic, schema: { hide: true } as never }, async (_req, reply) => {
    const state = await readiness(app.db);
    return reply.code(state.status === 'ready' ? 200 : 503).send(state);
  });
}
