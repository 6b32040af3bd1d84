import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Db } from '../src/db/index';
import { activeSigningKey } from '../src/identity/keys';
import { createFactories } from './factories';
import { openTestDb } from './test-db';

export { openTestDb, TEST_DB } from './test-db';

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

/** The API tests' settings; `env` goes on top (e.g. `RATE_LIMITS: 'off'` for a test that signs in many times). */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    PORT: '3999',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATABASE_URL: '',
    JOBS: 'off',
    RESPONSE_CHECK: 'strict',
    ...env,
  });
}

type TokenOverrides = { expiresIn?: string; audience?: string; issuer?: string };

/**
 * A real access token for an account, signed by the provider's own key, as the provider's tokens: the account's
 * current token generation and a grant of its own (decision 0901), and a `jti` (two tokens of one second never look
 * alike to the principal cache).
 */
export async function mintAccessToken(db: Db, config: Config, accountId: number, overrides: TokenOverrides = {}): Promise<string> {
  const jwk = await activeSigningKey(db);
  const gid = randomUUID();
  // Its end on this process's clock, as the provider's adapter writes it (identity/adapter.ts) and as the token's own
  // expiry is: a test that moves the clock moves both (decision 1192 judges a grant's end on the instance's clock).
  await db.query("INSERT INTO oidc_payloads (id, type, payload, expires_at) VALUES ($1, 'Grant', $2, $3)", [
    gid,
    JSON.stringify({ jti: gid, accountId: String(accountId), clientId: 'memberPortalUI', kind: 'Grant' }),
    new Date(Date.now() + 86_400_000),
  ]);
  const generation = await db.one<{ g: number }>('SELECT token_generation AS g FROM accounts WHERE id = $1', [accountId]);
  return new SignJWT({ scope: 'data member_portal', client_id: 'memberPortalUI', gen: generation?.g ?? 0, gid })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject(String(accountId))
    .setIssuer(overrides.issuer ?? config.issuer)
    .setAudience(overrides.audience ?? config.audience)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(overrides.expiresIn ?? '10m')
    .sign(await importJWK(jwk, 'RS256'));
}

/** `count` app instances over one fresh database (each with its own provider and principal cache), as behind a load balancer. */
export async function startInstances(count: number, env: Record<string, string> = {}, logger?: (index: number) => object | false) {
  const db = await openTestDb();
  const config = testConfig(env);
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const app = await buildApp({ config, db, serveWeb: false, logger: logger?.(i) ?? false });
    await app.ready();
    apps.push(app);
  }
  const close = async () => {
    for (const app of apps) await app.close();
    await db.close();
  };
  return { db, config, apps, close };
}

export async function createTestContext(options: { env?: Record<string, string> } = {}): Promise<TestContext> {
  const {
    db,
    config,
    apps: [app],
    close,
  } = await startInstances(1, options.env);
  const tokenFor: TestContext['tokenFor'] = (accountId, overrides = {}) => mintAccessToken(db, config, accountId, overrides);
  return {
    app,
    db,
    factories: createFactories(db),
    tokenFor,
    as: async (accountId) => ({ authorization: `Bearer ${await tokenFor(accountId)}` }),
    close,
  };
}
