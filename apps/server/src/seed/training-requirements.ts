import { addDays, DEFAULT_MLS_TIME_ZONE, instantOfWallClock, isWeekendDay, todayIn } from '@portico/shared';
import type { Queryable } from '../db/index';
import type { Rng } from './random';

/**
 * Required training's demo (issue 31): NAR's Code of Ethics Cycle 8 and fair housing on the same cycle, MLS orientation
 * within 30 days of access (new members only), and California's 45 hours of continuing education every 4 years; a
 * Code of Ethics topic with a class that counts, and the demo agent's fair-housing completion.
 */
export async function seedTrainingRequirements(q: Queryable, _rng: Rng, zone = DEFAULT_MLS_TIME_ZONE, now = new Date()): Promise<void> {
  const today = todayIn(zone, now);
  const compliance = await q.one<{ id: number }>("SELECT id FROM training_subjects WHERE name = 'Compliance'");
  if (!compliance) return;
  const ethics = await q.one<{ id: number }>(
    `INSERT INTO training_topics (training_subject_id, name, description, notes) VALUES ($1, 'Code of Ethics',
       'NAR’s Code of Ethics: the duties to clients, the public and other REALTORS®, with the cases that test them.',
       'Counts toward Code of Ethics, Cycle 8 (2.5 hours).') RETURNING id`,
    [compliance.id],
  );
  const topic = async (name: string) => (await q.one<{ id: number }>('SELECT id FROM training_topics WHERE name = $1', [name]))?.id;
  const fairHousing = await topic('Fair Housing in Listing Remarks');
  const orientation = await topic('Portal Navigation');
  const instructor = await q.one<{ id: number }>('SELECT id FROM training_instructors ORDER BY id LIMIT 1');
  if (!ethics || !fairHousing || !orientation || !instructor) return;
  let day = addDays(today, 9);
  while (isWeekendDay(day)) day = addDays(day, 1);
  const start = instantOfWallClock(`${day}T09:00:00`, zone);
  const cls = await q.one<{ id: number }>(
    `INSERT INTO training_classes (class_name, start_time, end_time, capacity, is_public, presentation_type, instructor_id)
     VALUES ('Code of Ethics, Cycle 8', $1, $2, 40, true, 'Virtual', $3) RETURNING id`,
    [start, new Date(start.getTime() + 3 * 3_600_000), instructor.id],
  );
  await q.query('INSERT INTO training_class_topics (training_class_id, training_topic_id) VALUES ($1, $2)', [cls!.id, ethics.id]);

  const realtors = [1, 2, 3];
  const requirement = (
    name: string,
    hours: number,
    topics: number[],
    courses: string[],
    types: number[],
    period: string,
    extra: { start?: string; end?: string; years?: number; days?: number; newFrom?: string },
  ) =>
    q.query(
      `INSERT INTO training_requirements (name, hours, topic_ids, course_numbers, member_types, period_kind, cycle_start, cycle_end,
         every_years, within_days, new_members_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        name,
        hours,
        topics,
        courses,
        types,
        period,
        extra.start ?? null,
        extra.end ?? null,
        extra.years ?? null,
        extra.days ?? null,
        extra.newFrom ?? null,
      ],
    );
  await requirement('Code of Ethics, Cycle 8', 2.5, [ethics.id], ['NAR-COE-8'], realtors, 'cycle', {
    start: '2025-01-01',
    end: '2027-12-31',
  });
  await requirement('Fair housing, Cycle 8', 2, [fairHousing], ['FH-8'], realtors, 'cycle', { start: '2025-01-01', end: '2027-12-31' });
  await requirement('MLS orientation', 2, [orientation], ['MLS-ORI'], [], 'joining', { days: 30, newFrom: addDays(today, -1) });
  await requirement('California DRE continuing education', 45, [], ['DRE-CE'], realtors, 'rolling', { years: 4 });

  // NRDS ids (NAR's member numbers) for the members with an MLS ID, for the completions import and the NAR export.
  await q.query(`UPDATE members SET nrds_id = '7' || lpad(id::text, 8, '0') WHERE agent_code IS NOT NULL AND nrds_id IS NULL`);
  const agent = await q.one<{ id: number; aor_id: number | null }>("SELECT id, aor_id FROM members WHERE login_id = 'agent'");
  if (agent)
    await q.query(
      `INSERT INTO training_completions (member_id, course_number, course_name, hours, completed_on, aor_id)
       VALUES ($1, 'FH-8', 'Fair Housing and Advertising (outside course)', 2, $2, $3)`,
      [agent.id, addDays(today, -40), agent.aor_id],
    );
}
