import { importJWK, SignJWT } from 'jose';
import type { Config } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/index';
import { activeSigningKey } from '../../apps/server/src/identity/keys';

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
  const sign = await tokenSigner(db, config);
  return { tokens: await Promise.all(accountIds.map(sign)), accountIds };
}

/** Signs a 2-hour access token for an account id with the embedded provider's newest key. */
export async function tokenSigner(db: Db, config: Config): Promise<(accountId: number) => Promise<string>> {
  const key = { jwk: await activeSigningKey(db) };
  const privateKey = await importJWK(key.jwk, 'RS256');
  return (accountId) =>
    new SignJWT({ scope: 'openid data member_portal', client_id: 'memberPortalUI' })
      .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'at+jwt' })
      .setSubject(String(accountId))
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey);
}
