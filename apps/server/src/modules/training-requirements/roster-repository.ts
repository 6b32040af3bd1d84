import type { Queryable } from '../../db/index';

export interface ClassForStaff {
  id: number;
  class_name: string;
  start_time: Date;
  end_time: Date;
  aor_id: number | null;
}

export function findClass(q: Queryable, id: number): Promise<ClassForStaff | null> {
  return q.one<ClassForStaff>('SELECT id, class_name, start_time, end_time, aor_id FROM training_classes WHERE id = $1', [id]);
}

export interface RosterRow {
  id: number;
  member_id: number;
  display_name: string;
  login_id: string;
  was_present: boolean;
}

/** The class's live registrations (not unregistered), by name. */
export function rosterOf(q: Queryable, classId: number): Promise<RosterRow[]> {
  return q.query<RosterRow>(
    `SELECT a.id, a.member_id, m.display_name, m.login_id, a.was_present
       FROM training_attendees a JOIN members m ON m.id = a.member_id
      WHERE a.training_class_id = $1 AND a.unregistered_on IS NULL ORDER BY m.last_name, m.first_name, a.id`,
    [classId],
  );
}

/** Marks these registrations of the class present or not; answers the rows it changed, locked, with their member. */
export function setPresent(q: Queryable, classId: number, ids: number[], present: boolean) {
  return q.query<{ id: number; member_id: number }>(
    `UPDATE training_attendees SET was_present = $3
      WHERE training_class_id = $1 AND id = ANY($2::int[]) AND unregistered_on IS NULL RETURNING id, member_id`,
    [classId, ids, present],
  );
}

/**
 * A completion for each attended registration (once: the attendee's unique key), dated the class's day in the MLS's
 * zone, with its hours, its topics and the association that ran it (else the member's).
 */
export async function insertClassCompletions(q: Queryable, classId: number, ids: number[], hours: number, day: string, by: number) {
  await q.query(
    `INSERT INTO training_completions (member_id, attendee_id, topic_ids, course_name, hours, completed_on, aor_id, recorded_by)
     SELECT a.member_id, a.id,
            coalesce((SELECT array_agg(ct.training_topic_id ORDER BY ct.view_order) FROM training_class_topics ct WHERE ct.training_class_id = c.id), '{}'),
            c.class_name, $3, $4::date, coalesce(c.aor_id, m.aor_id), $5
       FROM training_attendees a JOIN training_classes c ON c.id = a.training_class_id JOIN members m ON m.id = a.member_id
      WHERE a.training_class_id = $1 AND a.id = ANY($2::int[])
     ON CONFLICT (attendee_id) DO NOTHING`,
    [classId, ids, hours, day, by],
  );
}

/** Unmarking takes the completion back (staff marked the wrong person). */
export async function deleteClassCompletions(q: Queryable, ids: number[]): Promise<void> {
  await q.query('DELETE FROM training_completions WHERE attendee_id = ANY($1::int[])', [ids]);
}
