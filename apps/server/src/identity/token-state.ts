import type { Queryable } from '../db/index';
import { batched } from '../lib/batch';
import type { ChangeWatch } from '../lib/change-watch';
import type { TokenState } from './sessions';

type AccountState = Omit<TokenState, 'grant_alive'>;
/** A grant as the check needs it: when it ends (null: never), or 'absent'. */
type GrantState = { expiresAt: number | null } | 'absent';

/** Accounts and grants kept per instance; a few hundred bytes each. */
const MAX_ACCOUNTS = 100_000;
const MAX_GRANTS = 100_000;

/**
 * What an access token's check reads on every call (decision 0901): its account's generation, kept grant and
 * deactivation, and whether the grant it names is still there. Both are kept in memory until a change signal of
 * the account or grant arrives (triggers of migration 1000, decision 0998), so a signed-in member's calls cost no
 * query; a sign-out, a password change or a deactivation on any instance is heard at its COMMIT. While this
 * instance hears no signals (always on PostgreSQL), every call reads the database in one query, as before.
 */
export function tokenStateReader(db: Queryable, watch: ChangeWatch) {
  const accounts = watch.cache<AccountState | 'absent'>('account', MAX_ACCOUNTS);
  const grants = watch.cache<GrantState>('grant', MAX_GRANTS);

  // Batched (lib/batch.ts): the first calls of many new tokens at once read their accounts and grants in one query each.
  const accountsOf = batched(async (ids: number[]) => {
    const rows = await db.queryPrepared<AccountState & { id: number }>(
      'SELECT id, token_generation, kept_grant_id, deactivated_on FROM accounts WHERE id = ANY($1::int[])',
      [ids],
    );
    return new Map(rows.map(({ id, ...account }) => [id, account]));
  });
  const grantsOf = batched(async (ids: string[]) => {
    const rows = await db.queryPrepared<{ id: string; expires_at: Date | null }>(
      `SELECT id, expires_at FROM oidc_payloads WHERE type = 'Grant' AND id = ANY($1::text[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { expiresAt: r.expires_at?.getTime() ?? null }]));
  });
  const readAccount = async (accountId: number): Promise<AccountState | 'absent'> => (await accountsOf(accountId)) ?? 'absent';
  const readGrant = async (grantId: string): Promise<GrantState> => (await grantsOf(grantId)) ?? 'absent';

  return async (accountId: number, grantId: string | null): Promise<TokenState | null> => {
    if (!watch.isListening) return readTokenState(db, accountId, grantId);
    // Both at once: a new token's account and grant are read in the same turn's batches.
    const [account, grant] = await Promise.all([
      accounts.get(String(accountId), () => readAccount(accountId)),
      grantId === null ? null : grants.get(grantId, () => readGrant(grantId)),
    ]);
    if (account === 'absent') return null;
    if (grant === null) return { ...account, grant_alive: true };
    const alive = grant !== 'absent' && (grant.expiresAt === null || grant.expiresAt > Date.now());
    return { ...account, grant_alive: alive };
  };
}

/** The check's one query, with the grant's expiry compared on the database's clock. */
async function readTokenState(db: Queryable, accountId: number, grantId: string | null): Promise<TokenState | null> {
  const [row] = await db.queryPrepared<TokenState>(
    `SELECT a.token_generation, a.kept_grant_id, a.deactivated_on,
       ($2::text IS NULL OR EXISTS (SELECT 1 FROM oidc_payloads g
         WHERE g.type = 'Grant' AND g.id = $2::text AND (g.expires_at IS NULL OR g.expires_at > now()))) AS grant_alive
     FROM accounts a WHERE a.id = $1`,
    [accountId, grantId],
  );
  return row ?? null;
}
