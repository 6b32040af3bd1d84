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
 * instance hears no signals (always on PostgreSQL), every call reads the database, the calls of a turn in one query.
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
  const readTokenState = tokenStatesReader(db);
  const readAccount = async (accountId: number): Promise<AccountState | 'absent'> => (await accountsOf(accountId)) ?? 'absent';
  const readGrant = async (grantId: string): Promise<GrantState> => (await grantsOf(grantId)) ?? 'absent';

  const stateOf = (account: AccountState | 'absent', grant: GrantState | null): TokenState | null => {
    if (account === 'absent') return null;
    if (grant === null) return { ...account, grant_alive: true };
    const alive = grant !== 'absent' && (grant.expiresAt === null || grant.expiresAt > Date.now());
    return { ...account, grant_alive: alive };
  };
  return {
    read: async (accountId: number, grantId: string | null): Promise<TokenState | null> => {
      if (!watch.isListening) return readTokenState(accountId, grantId);
      // Both at once: a new token's account and grant are read in the same turn's batches.
      const [account, grant] = await Promise.all([
        accounts.get(String(accountId), () => readAccount(accountId)),
        grantId === null ? null : grants.get(grantId, () => readGrant(grantId)),
      ]);
      return stateOf(account, grant);
    },
    /**
     * The state from what is kept, without waiting (a signed-in member's every call: no promise, no turn of the event
     * loop; issue 33, decision 1183); undefined when part of it is not kept or no signal is heard (then `read`).
     */
    kept: (accountId: number, grantId: string | null): TokenState | null | undefined => {
      const account = accounts.peek(String(accountId));
      if (account === undefined) return undefined;
      const grant = grantId === null ? null : grants.peek(grantId);
      return grant === undefined ? undefined : stateOf(account, grant);
    },
  };
}

/**
 * The checks of one turn in one query (lib/batch.ts), each grant's expiry compared on the database's clock. The query
 * goes after the turn, so it sees every write committed before any of its callers' requests came in (a sign-out
 * answered before the next call is refused at that call, as with a query of its own); under load it is one query per
 * turn instead of one per call (issue 33, decision 1177).
 */
function tokenStatesReader(db: Queryable) {
  const statesOf = batched(async (keys: string[]) => {
    const accountIds = keys.map((k) => Number(k.slice(0, k.indexOf(':'))));
    const grantIds = keys.map((k) => k.slice(k.indexOf(':') + 1) || null);
    const rows = await db.queryPrepared<TokenState & { key: string }>(
      `SELECT k.key, a.token_generation, a.kept_grant_id, a.deactivated_on,
         (k.grant_id IS NULL OR EXISTS (SELECT 1 FROM oidc_payloads g
           WHERE g.type = 'Grant' AND g.id = k.grant_id AND (g.expires_at IS NULL OR g.expires_at > now()))) AS grant_alive
       FROM unnest($1::text[], $2::int[], $3::text[]) AS k(key, account_id, grant_id) JOIN accounts a ON a.id = k.account_id`,
      [keys, accountIds, grantIds],
    );
    return new Map(rows.map(({ key, ...state }) => [key, state]));
  });
  return async (accountId: number, grantId: string | null): Promise<TokenState | null> =>
    (await statesOf(`${accountId}:${grantId ?? ''}`)) ?? null;
}
