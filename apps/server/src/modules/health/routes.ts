import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../../db/migrate';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } as never }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } as never }, async (_req, reply) => {
    try {
      await app.db.query('SELECT 1');
      const pending = await pendingMigrations(app.db);
      if (pending.length) return reply.code(503).send({ status: 'migrations pending', pending });
      return { status: 'ready', database: app.db.kind };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
}
