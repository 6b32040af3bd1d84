import type { Queryable } from '../../db/index';

export interface AccountSecurityRow {
  id: number;
  login_id: string;
  failed_attempts: number;
  locked_until: Date | null;
  locked_permanently: boolean;
  lock_count: number;
  deactivated_on: Date | null;
  last_sign_in_on: Date | null;
}

export function findAccountByLoginId(q: Queryable, loginId: string): Promise<AccountSecurityRow | null> {
  return q.one<AccountSecurityRow>(
    `SELECT id, login_id, failed_attempts, locked_until, locked_permanently, lock_count, deactivated_on, last_sign_in_on
     FROM accounts WHERE lower(login_id) = lower($1)`,
    [loginId],
  );
}

/** Lifts a lock, temporary or permanent; the member starts again with no failures. */
export async function unlockAccount(q: Queryable, accountId: number): Promise<void> {
  await q.query(
    `UPDATE accounts SET failed_attempts = 0, locked_until = NULL, lock_count = 0, locked_permanently = false,
       attempt_seq = attempt_seq + 1 WHERE id = $1`,
    [accountId],
  );
}

export async function setDeactivated(q: Queryable, accountId: number, deactivated: boolean): Promise<void> {
  await q.query(
    `UPDATE accounts SET deactivated_on = CASE WHEN $2 THEN COALESCE(deactivated_on, now()) END, attempt_seq = attempt_seq + 1 WHERE id = $1`,
    [accountId, deactivated],
  );
}
