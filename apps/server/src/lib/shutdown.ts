import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index';

/**
 * A graceful stop on SIGINT or SIGTERM: the server stops taking connections and answers those under way, the logs
 * still buffered are written (plugins/request-log.ts), then the database closes and the process ends.
 */
export function closeOnSignals(app: FastifyInstance, db: Db): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      await app.close();
      await db.close();
      process.exit(0);
    });
  }
}
