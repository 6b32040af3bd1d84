import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** A stand-in web build (just index.html), for the portal page's answer and its headers. */
export function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  return dir;
}
