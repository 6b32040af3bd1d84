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
 * How long a read account may be kept: an account that is not there is read again at its next call (no write of one
 * moves the sessions' version: a new account is no change of a session).
 */
const keepAccountMs = (account: AccountState | 'absent'): number => (account === 'absent' ? 0 : Number.POSITIVE_INFINITY);

/**
 * How long a read grant may be kept: until it ends, and not at all when it is not there. A grant made later, or one
 * whose end the provider moves later (each authorisation extends it), moves neither signal nor version: a grant kept
 * past its old end would refuse the tokens of its extension, so it is read again at that end instead.
 */
export function keepGrantMs(grant: GrantState, now = Date.now()): number {
  if (grant === 'absent') return 0;
  return grant.expiresAt === null ? Number.POSITIVE_INFINITY : grant.expiresAt - now;
}

/**
 * What an access token's check reads on every call (decision 0901): its account's generation, kept grant and
 * deactivation, and whether the grant it names is still there. Both are kept in memory until the database says the
 * account or grant changed: on PGlite by its change signal (triggers of migration 1000, decision 0998), heard at the
 * writer's COMMIT, so a signed-in member's calls cost no query; on PostgreSQL at the sessions' version (migration
 * 1192, decision 1192), which every call reads with the turn's other versions, in one query, before it is answered
 * from what is kept. A sign-out, a password change or a deactivation on any instance is seen at the next call.
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

  // The state of a kept account whose grant lives, made once per account read (issue 33): a signed-in member's every
  // call is handed the same object instead of a copy. It is never changed; a new read of the account makes another.
  const alive = new WeakMap<AccountState, TokenState>();
  const stateOf = (account: AccountState | 'absent', grant: GrantState | null): TokenState | null => {
    if (account === 'absent') return null;
    if (grant !== null && (grant === 'absent' || (grant.expiresAt !== null && grant.expiresAt <= Date.now())))
      return { ...account, grant_alive: false };
    let state = alive.get(account);
    if (state === undefined) {
      state = { ...account, grant_alive: true };
      alive.set(account, state);
    }
    return state;
  };
  return {
    read: async (accountId: number, grantId: string | null): Promise<TokenState | null> => {
      // Both at once: a token's account and grant (and, on PostgreSQL, their version) are read in the same turn's batches.
      const [account, grant] = await Promise.all([
        accounts.get(String(accountId), () => readAccount(accountId), keepAccountMs),
        grantId === null ? null : grants.get(grantId, () => readGrant(grantId), keepGrantMs),
      ]);
      return stateOf(account, grant);
    },
    /**
     * The state from what is kept, without waiting (a signed-in member's every call on PGlite: no promise, no turn of
     * the event loop; issue 33, decision 1183); undefined when part of it is not kept or no signal is heard (then `read`).
     */
    kept: (accountId: number, grantId: string | null): TokenState | null | undefined => {
      const account = accounts.peek(String(accountId));
      if (account === undefined) return undefined;
      const grant = grantId === null ? null : grants.peek(grantId);
      return grant === undefined ? undefined : stateOf(account, grant);
    },
  };
}
