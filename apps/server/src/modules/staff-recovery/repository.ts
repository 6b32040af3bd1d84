import type { Queryable } from '../../db/index';

export interface RecoveryTargetRow {
  id: number;
  login_id: string;
  member_id: number;
  aor_id: number | null;
  email: string | null;
}

/** The sign-in account of a member, with the association that scopes association staff. */
export function findRecoveryTarget(q: Queryable, loginId: string): Promise<RecoveryTargetRow | null> {
  return q.one<RecoveryTargetRow>(
    `SELECT a.id, a.login_id, m.id AS member_id, m.aor_id, m.email FROM accounts a JOIN members m ON m.id = a.member_id
     WHERE lower(a.login_id) = lower($1)`,
    [loginId],
  );
}

export function staffNameOf(q: Queryable, accountId: number | null): Promise<{ name: string } | null> {
  return q.one<{ name: string }>(
    'SELECT COALESCE(m.display_name, a.login_id) AS name FROM accounts a LEFT JOIN members m ON m.id = a.member_id WHERE a.id = $1',
    [accountId],
  );
}

/** A new code voids the account's earlier unused ones: one live code at a time. */
export async function insertStaffCode(
  q: Queryable,
  c: { accountId: number; hash: string; byAccountId: number | null; questions: string[]; reason: string; minutes: number },
): Promise<{ expires_at: Date }> {
  await q.query('UPDATE staff_recovery_codes SET voided_on = now() WHERE account_id = $1 AND used_on IS NULL AND voided_on IS NULL', [
    c.accountId,
  ]);
  const row = await q.one<{ expires_at: Date }>(
    `INSERT INTO staff_recovery_codes (account_id, code_hash, issued_by_account_id, questions, reason, expires_at)
     VALUES ($1, $2, $3, $4::text[], $5, now() + make_interval(mins => $6::int)) RETURNING expires_at`,
    [c.accountId, c.hash, c.byAccountId, c.questions, c.reason, c.minutes],
  );
  return row as { expires_at: Date };
}

export function liveStaffCodes(q: Queryable, accountId: number): Promise<Array<{ id: number; code_hash: string }>> {
  return q.query<{ id: number; code_hash: string }>(
    `SELECT id, code_hash FROM staff_recovery_codes
     WHERE account_id = $1 AND used_on IS NULL AND voided_on IS NULL AND expires_at > now()`,
    [accountId],
  );
}

/** Spends the code once (two sign-ins cannot both use it) and makes the account owe a new factor. */
export async function spendStaffCode(q: Queryable, id: number, accountId: number): Promise<boolean> {
  const spent = await q.one<{ id: number }>(
    `UPDATE staff_recovery_codes SET used_on = now()
     WHERE id = $1 AND account_id = $2 AND used_on IS NULL AND voided_on IS NULL AND expires_at > now() RETURNING id`,
    [id, accountId],
  );
  if (!spent) return false;
  await q.query('UPDATE accounts SET new_factor_required_since = now() WHERE id = $1', [accountId]);
  return true;
}
