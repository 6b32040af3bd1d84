import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/index';
import { openTestDb } from './context';

/** An app on a fresh test database with settings of its own (an external provider, a proxy, a web build). */
export async function appWith(env: Record<string, string>, options: { webDist?: string } = {}) {
  const db: Db = await openTestDb();
  const config = loadConfig({
    ...process.env,
    PORT: '3999',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATABASE_URL: '',
    JOBS: 'off',
    ...env,
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
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
