import type { SecondFactorPolicyScope, SecondFactorType } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface PolicyRow {
  scope: SecondFactorPolicyScope;
  member_types: number[];
  required_from: string | null;
  grace_sign_ins: number;
  updated_on: Date | null;
}

const POLICY_COLUMNS = "scope, member_types, to_char(required_from, 'YYYY-MM-DD') AS required_from, grace_sign_ins, updated_on";

export async function readPolicy(q: Queryable): Promise<PolicyRow> {
  return (await q.one<PolicyRow>(`SELECT ${POLICY_COLUMNS} FROM second_factor_policy WHERE id = 1`))!;
}

export async function savePolicy(
  q: Queryable,
  p: { scope: SecondFactorPolicyScope; memberTypes: number[]; requiredFrom: string | null; graceSignIns: number },
  byAccountId: number | null,
): Promise<PolicyRow> {
  return (await q.one<PolicyRow>(
    `UPDATE second_factor_policy SET scope = $1, member_types = $2::int[], required_from = $3::date, grace_sign_ins = $4,
       updated_by = $5, updated_on = now() WHERE id = 1 RETURNING ${POLICY_COLUMNS}`,
    [p.scope, p.scope === 'types' ? p.memberTypes : [], p.requiredFrom, p.graceSignIns, byAccountId],
  ))!;
}

export interface FactorStateRow extends PolicyRow {
  user_class: string;
  has_factor: boolean;
  sign_ins_without_factor: number;
  /** Set by a sign-in with a one-time code from staff (decision 1132): a factor added since then is owed. */
  owes_new_factor: boolean;
}

/**
 * What the required step needs of an account, in one query: the policy, its member's class, whether a factor is on,
 * and the sign-ins without one. Null for an account without member data (nothing to require).
 */
export async function factorStateOf(q: Queryable, accountId: number): Promise<FactorStateRow | null> {
  return (await factorStatesOf(q, [accountId])).get(accountId) ?? null;
}

/** `factorStateOf` of many accounts in one query (the first calls of many new tokens at once, lib/batch.ts). */
export async function factorStatesOf(q: Queryable, accountIds: number[]): Promise<Map<number, FactorStateRow>> {
  // Prepared: read at the first call of every new token; on PGlite planning it cost twice its reading (issue 33).
  const rows = await q.queryPrepared<FactorStateRow & { account_id: number }>(
    `SELECT a.id AS account_id, m.user_class, a.sign_ins_without_factor, p.scope, p.member_types,
       to_char(p.required_from, 'YYYY-MM-DD') AS required_from, p.grace_sign_ins, p.updated_on,
       EXISTS (SELECT 1 FROM member_second_factors f WHERE f.member_id = m.id AND f.is_enabled) AS has_factor,
       (a.new_factor_required_since IS NOT NULL AND NOT EXISTS (SELECT 1 FROM member_second_factors f
         WHERE f.member_id = m.id AND f.is_enabled AND f.created_on > a.new_factor_required_since)) AS owes_new_factor
     FROM accounts a JOIN members m ON m.id = a.member_id CROSS JOIN second_factor_policy p WHERE a.id = ANY($1::int[])`,
    [accountIds],
  );
  return new Map(rows.map(({ account_id, ...state }) => [account_id, state]));
}

export async function countSignInWithoutFactor(q: Queryable, accountId: number): Promise<void> {
  await q.query('UPDATE accounts SET sign_ins_without_factor = sign_ins_without_factor + 1 WHERE id = $1', [accountId]);
}

export interface EnrolmentGroupRow {
  user_class: string;
  association: string | null;
  office: string | null;
  members: number;
  with_factor: number;
  by_kind: Partial<Record<SecondFactorType, number>> | null;
}

/** Members with portal access by class, association and office; those with an enabled factor, and of which kinds. */
export function enrolmentGroups(q: Queryable): Promise<EnrolmentGroupRow[]> {
  return q.query<EnrolmentGroupRow>(
    `WITH kinds AS (
       SELECT member_id, array_agg(DISTINCT type) AS types FROM member_second_factors WHERE is_enabled GROUP BY member_id),
     grouped AS (
       SELECT m.user_class, a.short_name AS association, o.office_code AS office, count(*)::int AS members,
         count(k.member_id)::int AS with_factor
       FROM members m LEFT JOIN associations a ON a.id = m.aor_id LEFT JOIN offices o ON o.id = m.office_id
       LEFT JOIN kinds k ON k.member_id = m.id
       WHERE m.has_portal_access GROUP BY 1, 2, 3),
     by_kind AS (
       SELECT m.user_class, a.short_name AS association, o.office_code AS office, t.type, count(*)::int AS n
       FROM members m LEFT JOIN associations a ON a.id = m.aor_id LEFT JOIN offices o ON o.id = m.office_id
       JOIN kinds k ON k.member_id = m.id CROSS JOIN LATERAL unnest(k.types) AS t(type)
       WHERE m.has_portal_access GROUP BY 1, 2, 3, 4)
     SELECT g.*, (SELECT jsonb_object_agg(b.type, b.n) FROM by_kind b
        WHERE b.user_class = g.user_class AND b.association IS NOT DISTINCT FROM g.association AND b.office IS NOT DISTINCT FROM g.office) AS by_kind
     FROM grouped g ORDER BY g.association NULLS LAST, g.office NULLS LAST, g.user_class`,
  );
}
