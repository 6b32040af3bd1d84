import type { Queryable } from '../db/index';

/** The provider's records that belong to a signed-in member (oidc-provider's model names). */
const SESSION_RECORDS = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode', 'Interaction'];

/** The records of grant $2: the grant, its tokens and codes, and the provider's sessions that authorised it. */
const OF_GRANT = `(p.grant_id IS NOT DISTINCT FROM $2 OR (p.type = 'Grant' AND p.id = $2)
  OR (p.type = 'Session' AND EXISTS (
    SELECT 1 FROM jsonb_each(COALESCE(p.payload->'authorizations', '{}'::jsonb)) e WHERE e.value->>'grantId' = $2)))`;

/**
 * Deletes account $1's records of the kinds $3 that `filter` keeps, and queues the back-channel logout of every
 * application a deleted live session signed into (decision 0997).
 */
function endRecordsSql(filter: string): string {
  return `WITH ended AS (
       DELETE FROM oidc_payloads p WHERE p.payload->>'accountId' = $1::text AND p.type = ANY($3::text[]) AND ${filter}
       RETURNING p.type, p.payload, p.expires_at)
     INSERT INTO oidc_backchannel_logouts (client_id, account_id, sid)
     SELECT e.key, $1::text, e.value->>'sid'
       FROM ended s CROSS JOIN LATERAL jsonb_each(COALESCE(s.payload->'authorizations', '{}'::jsonb)) e
       JOIN oidc_applications o ON o.client_id = e.key
      WHERE s.type = 'Session' AND (s.expires_at IS NULL OR s.expires_at > now())
        AND o.enabled AND o.backchannel_logout_uri IS NOT NULL`;
}

/**
 * Ends every session of an account but the one of `keepGrantId` (the browser that changed the password), at once and
 * for every instance (decision 0901): the provider's sessions, grants, refresh tokens and codes are deleted, and the
 * account's token generation moves on, so access tokens issued before are refused by the auth plugin from the next
 * call on; only those of the kept grant stay valid. Each application a deleted session signed into that asks for
 * back-channel logout gets a logout to send, written in the same statement (decision 0997): the job sends it, so a
 * slow or unreachable application never holds up the caller's transaction.
 */
export async function endOtherSessions(q: Queryable, accountId: number, keepGrantId: string | null): Promise<void> {
  await q.query('UPDATE accounts SET token_generation = token_generation + 1, kept_grant_id = $2 WHERE id = $1', [accountId, keepGrantId]);
  await q.query(endRecordsSql(`($2::text IS NULL OR NOT ${OF_GRANT})`), [String(accountId), keepGrantId, SESSION_RECORDS]);
}

/**
 * Ends one session of an account ('Sign out' on Sessions, issue 32 §1): the grant, its tokens and codes, and the
 * provider's session of that browser, at once for every instance: access tokens of the grant are refused from the
 * next call on (the auth plugin checks the grant, decision 0901). Applications the browser's session signed into get
 * their back-channel logout (decision 0997). Answers whether the grant was there.
 */
export async function endSession(q: Queryable, accountId: number, grantId: string): Promise<boolean> {
  const found = await q.one(`SELECT 1 AS found FROM oidc_payloads WHERE type = 'Grant' AND id = $1 AND payload->>'accountId' = $2::text`, [
    grantId,
    String(accountId),
  ]);
  if (!found) return false;
  await q.query(endRecordsSql(OF_GRANT), [String(accountId), grantId, SESSION_RECORDS]);
  return true;
}

export interface TokenState {
  token_generation: number;
  kept_grant_id: string | null;
  deactivated_on: Date | null;
  /** The token's grant still exists (a logout or a revocation deletes it); true for tokens that name none. */
  grant_alive: boolean;
}

/**
 * Whether an access token of the embedded provider still counts: its grant not revoked (logout), issued in the
 * account's current generation (or by the kept grant), the account not deactivated.
 */
export function tokenStillValid(claims: Record<string, unknown>, account: TokenState | null): boolean {
  if (!account || account.deactivated_on || !account.grant_alive) return false;
  const generation = typeof claims.gen === 'number' ? claims.gen : 0;
  if (generation >= account.token_generation) return true;
  return typeof claims.gid === 'string' && claims.gid === account.kept_grant_id;
}
