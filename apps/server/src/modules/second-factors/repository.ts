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
