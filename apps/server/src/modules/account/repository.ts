import type { Queryable } from '../../db/index';

export interface PasswordHashRow {
  password_hash: string;
}

export interface ResetCandidateRow {
  id: number;
  email: string | null;
  first_name: string | null;
  recent: number;
}

export interface ValidResetTokenRow {
  login_id: string;
  is_new: boolean;
}

export interface LockedResetTokenRow {
  account_id: number;
  login_id: string;
  password_hash: string;
}

/** The account's current password hash, or null when there is no such account. */
export function findPasswordHash(q: Queryable, accountId: number): Promise<PasswordHashRow | null> {
  return q.one<PasswordHashRow>('SELECT password_hash FROM accounts WHERE id = $1', [accountId]);
}

/** The account's last `depth` earlier password hashes, newest first. */
export function recentPasswordHashes(q: Queryable, accountId: number, depth: number): Promise<PasswordHashRow[]> {
  return q.query<PasswordHashRow>('SELECT password_hash FROM password_history WHERE account_id = $1 ORDER BY created_on DESC LIMIT $2', [
    accountId,
    depth,
  ]);
}

/** Keeps an old hash in the account's password history. */
export async function insertPasswordHistory(q: Queryable, accountId: number, oldHash: string): Promise<void> {
  await q.query('INSERT INTO password_history (account_id, password_hash) VALUES ($1, $2)', [accountId, oldHash]);
}

/** Stores the new hash and clears failed attempts and any lock-out (permanent too); moves the attempt sequence on. */
export async function setAccountPassword(q: Queryable, accountId: number, newHash: string): Promise<void> {
  await q.query(
    `UPDATE accounts SET password_hash = $2, password_changed_on = now(), failed_attempts = 0, locked_until = NULL, lock_count = 0,
       locked_permanently = false, attempt_seq = attempt_seq + 1 WHERE id = $1`,
    [accountId, newHash],
  );
}

/** Clears a required password update on the account's member. */
export async function clearRequiredPasswordUpdate(q: Queryable, accountId: number): Promise<void> {
  await q.query('UPDATE members SET required_password_update = false WHERE id = (SELECT member_id FROM accounts WHERE id = $1)', [
    accountId,
  ]);
}

/** The account a reset is asked for (by login id, any case), locked, with its member's address and the last hour's links. */
export function lockResetCandidate(q: Queryable, loginId: string): Promise<ResetCandidateRow | null> {
  return q.one<ResetCandidateRow>(
    `SELECT a.id, m.email, m.first_name,
         (SELECT count(*)::int FROM password_reset_tokens t WHERE t.account_id = a.id AND t.created_on > now() - interval '1 hour') AS recent
       FROM accounts a LEFT JOIN members m ON m.id = a.member_id WHERE lower(a.login_id) = lower($1) FOR UPDATE OF a`,
    [loginId],
  );
}

/** Stores a reset token's hash for the account, valid for `ttlMinutes`. */
export async function insertResetToken(q: Queryable, tokenHash: string, accountId: number, ttlMinutes: number): Promise<void> {
  await q.query(
    `INSERT INTO password_reset_tokens (token_hash, account_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
    [tokenHash, accountId, ttlMinutes],
  );
}

/** The unused, unexpired reset token with this hash, with its account's login id. */
export function findValidResetToken(q: Queryable, tokenHash: string): Promise<ValidResetTokenRow | null> {
  return q.one<ValidResetTokenRow>(
    `SELECT a.login_id, t.is_new FROM password_reset_tokens t JOIN accounts a ON a.id = t.account_id
     WHERE t.token_hash = $1 AND t.used_on IS NULL AND t.expires_at > now()`,
    [tokenHash],
  );
}

/** The unused, unexpired reset token with this hash, locked, with its account's login id and password hash. */
export function lockValidResetToken(q: Queryable, tokenHash: string): Promise<LockedResetTokenRow | null> {
  return q.one<LockedResetTokenRow>(
    `SELECT t.account_id, a.login_id, a.password_hash FROM password_reset_tokens t JOIN accounts a ON a.id = t.account_id
       WHERE t.token_hash = $1 AND t.used_on IS NULL AND t.expires_at > now() FOR UPDATE OF t`,
    [tokenHash],
  );
}

/** Spends every unused reset token of the account. */
export async function spendResetTokens(q: Queryable, accountId: number): Promise<void> {
  await q.query('UPDATE password_reset_tokens SET used_on = now() WHERE account_id = $1 AND used_on IS NULL', [accountId]);
}
