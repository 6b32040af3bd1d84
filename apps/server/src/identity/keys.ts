import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/index';

export interface IdentityKeys {
  signing: JWK[];
  cookieKeys: string[];
}

/**
 * The provider's signing key and cookie keys live in the database, made once by whichever instance starts
 * first, so that every instance signs and verifies with the same keys.
 */
export async function loadIdentityKeys(db: Db): Promise<IdentityKeys> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(4242002)');
    const existing = await q.one<{ n: number }>("SELECT count(*)::int AS n FROM oidc_keys WHERE use = 'sig'");
    if ((existing?.n ?? 0) > 0) return;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
    await q.query("INSERT INTO oidc_keys (kid, use, jwk) VALUES ($1, 'sig', $2)", [jwk.kid, JSON.stringify(jwk)]);
    await q.query("INSERT INTO oidc_keys (kid, use, jwk) VALUES ($1, 'cookie', $2)", [
      `cookie-${jwk.kid}`,
      JSON.stringify({ k: randomBytes(32).toString('base64url') }),
    ]);
  });
  const rows = await db.query<{ use: string; jwk: JWK & { k?: string } }>('SELECT use, jwk FROM oidc_keys ORDER BY created_on DESC');
  return {
    signing: rows.filter((r) => r.use === 'sig').map((r) => r.jwk),
    cookieKeys: rows.filter((r) => r.use === 'cookie').map((r) => String(r.jwk.k)),
  };
}

export function publicKeySet(keys: IdentityKeys) {
  const publicKeys = keys.signing.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }));
  return createLocalJWKSet({ keys: publicKeys });
}
