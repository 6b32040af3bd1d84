import type { Queryable } from '../../db/index';

/** The days past its deadline after which an open citation is suspended (30 when the policy row is missing). */
export async function suspendDays(q: Queryable): Promise<number> {
  const row = await q.one<{ days: number }>('SELECT citation_suspend_days AS days FROM compliance_policy WHERE id = 1');
  return row?.days ?? 30;
}

/** Open citations past their deadline by `days` as at `now`, never suspended: what the job suspends. */
export function overdueCitations(q: Queryable, now: Date, days: number, only: number[] | null): Promise<Array<{ id: number }>> {
  return q.query<{ id: number }>(
    `SELECT id FROM citations
      WHERE state IN ('issued', 'upheld') AND suspended_on IS NULL AND due_at + make_interval(days => $2) <= $1
        AND ($3::int[] IS NULL OR id = ANY($3::int[]))
      ORDER BY due_at LIMIT 1000`,
    [now, days, only],
  );
}

/** The member's email address, for the suspension mail (null when the member has none). */
export function memberEmailOf(q: Queryable, memberId: number): Promise<{ email: string | null } | null> {
  return q.one<{ email: string | null }>('SELECT email FROM members WHERE id = $1', [memberId]);
}
