import type { Queryable } from '../../db/index';

export interface RecoveryCodeRow {
  id: number;
  code_hash: string;
  created_on: Date;
  used_on: Date | null;
}

export function listRecoveryCodes(q: Queryable, memberId: number): Promise<RecoveryCodeRow[]> {
  return q.query<RecoveryCodeRow>('SELECT id, code_hash, created_on, used_on FROM member_recovery_codes WHERE member_id = $1 ORDER BY id', [
    memberId,
  ]);
}

/** A new set voids the old one: both in the caller's transaction. */
export async function replaceRecoveryCodes(q: Queryable, memberId: number, hashes: string[]): Promise<void> {
  await q.query('DELETE FROM member_recovery_codes WHERE member_id = $1', [memberId]);
  await q.query('INSERT INTO member_recovery_codes (member_id, code_hash) SELECT $1, unnest($2::text[])', [memberId, hashes]);
}

/** Spends a code once: answers false when another sign-in spent it first. */
export async function markRecoveryCodeUsed(q: Queryable, id: number): Promise<boolean> {
  return !!(await q.one('UPDATE member_recovery_codes SET used_on = now() WHERE id = $1 AND used_on IS NULL RETURNING id', [id]));
}

export async function memberOfAccount(q: Queryable, accountId: number): Promise<{ member_id: number; email: string | null } | null> {
  return q.one<{ member_id: number; email: string | null }>(
    'SELECT a.member_id, m.email FROM accounts a JOIN members m ON m.id = a.member_id WHERE a.id = $1',
    [accountId],
  );
}
