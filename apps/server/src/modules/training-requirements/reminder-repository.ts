import type { Queryable } from '../../db/index';
import type { MemberFacts } from './repository';

/** A member the watch examines, with the address their reminders go to. */
export type Recipient = MemberFacts & { email: string | null };

/** A page of members after `after` by id, for the watch. */
export function membersPage(q: Queryable, after: number, limit: number): Promise<Recipient[]> {
  return q.query<Recipient>(
    `SELECT m.id, m.login_id, m.display_name, m.user_class, m.aor_id, m.office_id, NULL AS office_name, m.created_on, m.email
       FROM members m WHERE m.id > $1 ORDER BY m.id LIMIT $2`,
    [after, limit],
  );
}

/** The reminders already sent to a page of members, as 'member:requirement:deadline:step'. */
export async function remindersSent(q: Queryable, memberIds: number[]): Promise<Set<string>> {
  const rows = await q.query<{ key: string }>(
    `SELECT member_id || ':' || requirement_id || ':' || to_char(deadline, 'YYYY-MM-DD') || ':' || step AS key
       FROM training_requirement_reminders WHERE member_id = ANY($1::int[])`,
    [memberIds],
  );
  return new Set(rows.map((r) => r.key));
}

/** Records a reminder step once: the row when it is new, null when it was sent already (the primary key decides). */
export function insertReminder(
  q: Queryable,
  memberId: number,
  requirementId: number,
  deadline: string,
  step: string,
): Promise<{ step: string } | null> {
  return q.one<{ step: string }>(
    `INSERT INTO training_requirement_reminders (member_id, requirement_id, deadline, step) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING step`,
    [memberId, requirementId, deadline, step],
  );
}
