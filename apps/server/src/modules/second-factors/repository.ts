import type { SecondFactorType } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { needsReseal, openNullable, seal, sealNullable } from '../../lib/secret-box';

export interface FactorRow {
  id: number;
  member_id: number;
  type: SecondFactorType;
  value: string;
  secret: string | null;
  is_enabled: boolean;
  is_from_member_data: boolean;
  last_used_step: number | null;
}

const FACTOR_COLUMNS = 'id, member_id, type, value, secret, is_enabled, is_from_member_data, last_used_step';

/**
 * The member's e-mail on file is a factor "from member data": listed (off until the member turns it on), kept in step
 * with members.email, and gone when the address is.
 */
export async function syncMemberDataFactors(q: Queryable, memberId: number): Promise<void> {
  await q.query(
    `INSERT INTO member_second_factors (member_id, type, value, is_enabled, is_from_member_data, sort_order)
     SELECT m.id, 'email', m.email, false, true,
       (SELECT coalesce(max(sort_order), 0) + 1 FROM member_second_factors WHERE member_id = m.id)
     FROM members m WHERE m.id = $1 AND coalesce(m.email, '') <> ''
     ON CONFLICT (member_id, type) WHERE is_from_member_data
     DO UPDATE SET value = EXCLUDED.value WHERE member_second_factors.value <> EXCLUDED.value`,
    [memberId],
  );
  await q.query(
    `DELETE FROM member_second_factors f USING members m
     WHERE f.member_id = $1 AND m.id = f.member_id AND f.is_from_member_data AND f.type = 'email' AND coalesce(m.email, '') = ''`,
    [memberId],
  );
}

/** A member's factors, authenticator secrets opened (they are stored sealed, decision 0940). */
export async function listFactors(q: Queryable, memberId: number): Promise<FactorRow[]> {
  const rows = await q.query<FactorRow>(
    `SELECT ${FACTOR_COLUMNS} FROM member_second_factors WHERE member_id = $1 ORDER BY sort_order, id`,
    [memberId],
  );
  return rows.map((r) => ({ ...r, secret: openNullable(r.secret) }));
}

/** The enabled factors of an account's member, in the member's order (none for an account without member data). */
export async function enabledFactorsOfAccount(q: Queryable, accountId: number): Promise<FactorRow[]> {
  const account = await q.one<{ member_id: number | null }>('SELECT member_id FROM accounts WHERE id = $1', [accountId]);
  if (!account?.member_id) return [];
  await syncMemberDataFactors(q, account.member_id);
  return (await listFactors(q, account.member_id)).filter((f) => f.is_enabled);
}

export async function addFactor(
  q: Queryable,
  f: { memberId: number; type: SecondFactorType; value: string; secret: string | null },
): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO member_second_factors (member_id, type, value, secret, sort_order)
     VALUES ($1, $2, $3, $4, (SELECT coalesce(max(sort_order), 0) + 1 FROM member_second_factors WHERE member_id = $1))
     RETURNING id`,
    [f.memberId, f.type, f.value, sealNullable(f.secret)],
  );
  return row!.id;
}

export async function countFactors(q: Queryable, memberId: number): Promise<number> {
  return (await q.one<{ n: number }>('SELECT count(*)::int AS n FROM member_second_factors WHERE member_id = $1', [memberId]))?.n ?? 0;
}

export async function hasFactor(q: Queryable, memberId: number, type: SecondFactorType, value: string): Promise<boolean> {
  const row = await q.one<{ id: number }>(
    'SELECT id FROM member_second_factors WHERE member_id = $1 AND type = $2 AND lower(value) = lower($3)',
    [memberId, type, value],
  );
  return !!row;
}

export async function markTotpStepUsed(q: Queryable, factorId: number, step: number): Promise<void> {
  await q.query('UPDATE member_second_factors SET last_used_step = $2 WHERE id = $1', [factorId, step]);
}

/** Deletes the given factors (a save that leaves them out). */
export async function deleteFactors(q: Queryable, factorIds: number[]): Promise<void> {
  await q.query('DELETE FROM member_second_factors WHERE id = ANY($1::int[])', [factorIds]);
}

/** Sets a factor's place in the member's list and whether it is on. */
export async function setFactorOrderAndEnabled(q: Queryable, factorId: number, sortOrder: number, isEnabled: boolean): Promise<void> {
  await q.query('UPDATE member_second_factors SET sort_order = $2, is_enabled = $3 WHERE id = $1', [factorId, sortOrder, isEnabled]);
}

/** A factor being added (an enlistment) as stored; `secret` is sealed. */
export interface EnlistmentRow {
  id: string;
  member_id: number;
  type: SecondFactorType;
  value: string;
  secret: string | null;
  code_hash: string | null;
  code_sent_on: Date | null;
  attempts: number;
  expires_at: Date;
}

/** Locks the member's row for the rest of the transaction (one enlistment start at a time per member). */
export async function lockMember(q: Queryable, memberId: number): Promise<void> {
  await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

/** How many enlistments the member started after `since`. */
export async function countEnlistmentsSince(q: Queryable, memberId: number, since: Date): Promise<number> {
  const recent = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM second_factor_enlistments WHERE member_id = $1 AND created_on > $2`,
    [memberId, since],
  );
  return recent?.n ?? 0;
}

/** Records a new enlistment; `sealedSecret` is already sealed. */
export async function insertEnlistment(
  q: Queryable,
  e: { id: string; memberId: number; type: SecondFactorType; value: string; sealedSecret: string | null; expiresAt: Date; createdOn: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO second_factor_enlistments (id, member_id, type, value, secret, expires_at, created_on) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.id, e.memberId, e.type, e.value, e.sealedSecret, e.expiresAt, e.createdOn],
  );
}

/** Stores an enlistment's new code (hashed), when it was sent and when it expires, and resets its attempts. */
export async function setEnlistmentCode(
  q: Queryable,
  enlistmentId: string,
  codeHash: string,
  sentOn: Date,
  expiresAt: Date,
): Promise<void> {
  await q.query('UPDATE second_factor_enlistments SET code_hash = $2, code_sent_on = $3, expires_at = $4, attempts = 0 WHERE id = $1', [
    enlistmentId,
    codeHash,
    sentOn,
    expiresAt,
  ]);
}

/** The member's open (not completed) enlistment, locked for update; its secret still sealed. */
export async function findOpenEnlistmentForUpdate(q: Queryable, memberId: number, enlistmentId: string): Promise<EnlistmentRow | null> {
  return q.one<EnlistmentRow>(
    `SELECT id, member_id, type, value, secret, code_hash, code_sent_on, attempts, expires_at FROM second_factor_enlistments
     WHERE id = $1 AND member_id = $2 AND completed_on IS NULL FOR UPDATE`,
    [enlistmentId, memberId],
  );
}

/** Counts one wrong code against an enlistment. */
export async function addEnlistmentAttempt(q: Queryable, enlistmentId: string): Promise<void> {
  await q.query('UPDATE second_factor_enlistments SET attempts = attempts + 1 WHERE id = $1', [enlistmentId]);
}

/** Marks an enlistment completed and forgets its code and secret. */
export async function completeEnlistment(q: Queryable, enlistmentId: string): Promise<void> {
  await q.query('UPDATE second_factor_enlistments SET completed_on = now(), code_hash = NULL, secret = NULL WHERE id = $1', [enlistmentId]);
}

/**
 * Seals the authenticator secrets stored plain (before decision 0940) or under a previous PORTICO_SECRET_KEY, in
 * factors and in enlistments under way: run by each instance as it starts, under an advisory lock.
 */
export async function resealFactorSecrets(db: Db): Promise<number> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(4242940)');
    let count = 0;
    for (const table of ['member_second_factors', 'second_factor_enlistments']) {
      const rows = await q.query<{ id: number | string; secret: string }>(`SELECT id, secret FROM ${table} WHERE secret IS NOT NULL`);
      for (const row of rows.filter((r) => needsReseal(r.secret))) {
        await q.query(`UPDATE ${table} SET secret = $2 WHERE id = $1`, [row.id, seal(openNullable(row.secret) as string)]);
        count++;
      }
    }
    return count;
  });
}
