import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Db, openPglite, openPostgres } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import { activeSigningKey } from '../src/identity/keys';
import { createFactories } from './factories';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database of the kind under test: in-memory PGlite, or a new database on the test cluster. */
export async function openTestDb(): Promise<Db> {
  if (TEST_DB === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return db;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const db = await openPostgres(adminUrl.replace(/\/[^/]*$/, `/${name}`), 5);
  await migrate(db);
  return db;
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  factories: ReturnType<typeof createFactories>;
  /** A real access token, signed by the provider's own key, for an account id. */
  tokenFor(accountId: number, overrides?: { expiresIn?: string; audience?: string; issuer?: string }): Promise<string>;
  /** Authorization headers for an account id. */
  as(accountId: number): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function createTestContext(): Promise<TestContext> {
  const db = await openTestDb();
  const config = loadConfig({ ...process.env, PORT: '3999', PUBLIC_URL: 'http://127.0.0.1:3999', DATABASE_URL: '', JOBS: 'off' });
  const app = await buildApp({ config, db, serveWeb: false });
  await app.ready();
  const key = { jwk: await activeSigningKey(db) };
  const privateKey = await importJWK(key.jwk, 'RS256');
  const tokenFor: TestContext['tokenFor'] = (accountId, overrides = {}) =>
    new SignJWT({ scope: 'data member_portal', client_id: 'memberPortalUI' })
      .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'at+jwt' })
      .setSubject(String(accountId))
      .setIssuer(overrides.issuer ?? config.issuer)
      .setAudience(overrides.audience ?? config.audience)
      .setIssuedAt()
      .setJti(randomUUID()) // as the provider's tokens: two tokens of one second never look alike to the principal cache
      .setExpirationTime(overrides.expiresIn ?? '10m')
      .sign(privateKey);
  return {
    app,
    db,
    factories: createFactories(db),
    tokenFor,
    as: async (accountId) => ({ authorization: `Bearer ${await tokenFor(accountId)}` }),
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
