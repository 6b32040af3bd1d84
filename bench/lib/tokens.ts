import { importJWK, type JWK, SignJWT } from 'jose';
import type { Config } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/index';

export interface MintedTokens {
  tokens: string[];
  accountIds: number[];
}

/**
 * Real access tokens for `count` different scale members, signed with the embedded provider's own key from
 * `oidc_keys` (as apps/server/test/context.ts does), so the app verifies them exactly as it verifies a sign-in's.
 */
export async function mintTokens(db: Db, config: Config, count: number): Promise<MintedTokens> {
  // A spread of members from every association and office, the same ones on every run.
  const rows = await db.query<{ id: number }>(
    `SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id
     WHERE m.login_id ~ '^[A-Z]{2,3}M[0-9]{7}$' ORDER BY md5(a.id::text) LIMIT $1`,
    [count],
  );
  if (rows.length === 0) throw new Error('No scale members found: the scale seed did not run');
  const accountIds = rows.map((r) => r.id);
  return { tokens: await signTokens(db, config, accountIds), accountIds };
}

/** One real access token per account (same order), signed with the provider's own key. */
export async function signTokens(db: Db, config: Config, accountIds: number[]): Promise<string[]> {
  const key = await db.one<{ jwk: JWK }>("SELECT jwk FROM oidc_keys WHERE use = 'sig' ORDER BY created_on DESC LIMIT 1");
  if (!key) throw new Error('No signing key in oidc_keys: start the app (buildApp) before minting tokens');
  const privateKey = await importJWK(key.jwk, 'RS256');
  return Promise.all(
    accountIds.map((id) =>
      new SignJWT({ scope: 'openid data member_portal', client_id: 'memberPortalUI' })
        .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'at+jwt' })
        .setSubject(String(id))
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(privateKey),
    ),
  );
}
