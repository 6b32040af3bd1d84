import type { Db } from '../src/db/index';
import { runRequirementsWatch, syncMembers } from '../src/modules/training-requirements/index';

let sequence = 0;
const ZONE = 'America/Los_Angeles';

/**
 * Makes a member overdue on an orientation requirement whose enforcement closes these applications (decision 1110):
 * the member joined 60 days ago, the requirement (their association only) asks for 2 hours within 30 days, and the
 * watch has run. `complete()` records an outside completion that meets it and brings the holds in line, as attendance does.
 */
export async function overdueOnRequirement(db: Db, member: { memberId: number; aorId: number }, applicationIds: number[] | 'all') {
  const course = `ORI-T${++sequence}`;
  await db.query(`UPDATE members SET created_on = now() - interval '60 days' WHERE id = $1`, [member.memberId]);
  await db.query(
    `INSERT INTO training_requirements (name, hours, course_numbers, association_ids, period_kind, within_days, enforce_applications,
       enforce_application_ids)
     VALUES ($1, 2, $2, $3, 'joining', 30, $4, $5)`,
    [
      `MLS orientation ${course}`,
      [course],
      [member.aorId],
      applicationIds === 'all' ? 'all' : 'chosen',
      applicationIds === 'all' ? [] : applicationIds,
    ],
  );
  await runRequirementsWatch(db, null, ZONE);
  return {
    name: `MLS orientation ${course}`,
    async complete() {
      await db.tx(async (q) => {
        await q.query(
          `INSERT INTO training_completions (member_id, course_number, course_name, hours, completed_on) VALUES ($1, $2, 'Orientation', 2, current_date)`,
          [member.memberId, course],
        );
        await syncMembers(q, [member.memberId], ZONE, null);
      });
    },
  };
}
