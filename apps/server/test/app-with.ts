import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/index';
import { openTestDb, testConfig } from './context';

/** An app on a fresh test database with settings of its own (an external provider, a proxy, a web build). */
export async function appWith(env: Record<string, string>, options: { webDist?: string } = {}) {
  const db: Db = await openTestDb();
  const config = testConfig({ ...env, ...(options.webDist ? { WEB_DIST: options.webDist } : {}) });
  const app: FastifyInstance = await buildApp({ config, db, serveWeb: !!options.webDist });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
