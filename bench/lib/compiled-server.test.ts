import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config';
import { serverEnv } from './compiled-server';

describe("a compiled server's environment in the pipeline section (decision 1190)", () => {
  const bench = loadConfig({ ...process.env, PORT: '3500', PUBLIC_URL: 'http://127.0.0.1:3500', DATABASE_URL: '', OIDC_ISSUER: undefined });
  const database = { dataDir: '/tmp/portico-bench-servers-x/info', databaseUrl: '' };

  it("verifies the bench's tokens as the embedded provider's, on its own port and at its own level", () => {
    const env = serverEnv(bench, database, 'info', 3505, process.env);
    const server = loadConfig(env);
    expect(server.embeddedIdentity).toBe(true);
    expect(server.issuer).toBe(bench.issuer);
    expect(server.audience).toBe(bench.audience);
    expect([env.PORT, env.LOG_LEVEL, env.DATA_DIR]).toEqual(['3505', 'info', database.dataDir]);
  });

  it("drops an external provider's settings from the bench's environment", () => {
    const env = serverEnv(bench, database, 'warn', 3506, {
      ...process.env,
      OIDC_ISSUER: bench.issuer,
      OIDC_JWKS_URL: 'https://idp.example/jwks',
    });
    expect(Object.keys(env).filter((name) => name.startsWith('OIDC_'))).toEqual([]);
    expect(loadConfig(env).embeddedIdentity).toBe(true);
  });
});
