import type { Queryable } from '../../db/index';

export interface ImportMember {
  id: number;
  display_name: string;
  aor_id: number | null;
  agent_code: string | null;
  login_id: string;
  nrds_id: string | null;
}

/**
 * The members a file names, by MLS ID (the agent code, else the login id the feed derives from it) or NRDS ID, matched
 * whatever their case: one read for the whole file.
 */
export function membersByReference(q: Queryable, mlsIds: string[], nrdsIds: string[]): Promise<ImportMember[]> {
  return q.query<ImportMember>(
    `SELECT id, display_name, aor_id, agent_code, login_id, nrds_id FROM members
      WHERE lower(agent_code) = ANY($1::text[]) OR lower(login_id) = ANY($1::text[]) OR nrds_id = ANY($2::text[])`,
    [mlsIds, nrdsIds],
  );
}

/** The outside completions already recorded for these members, as 'member:course number (lower case):day'. */
export async function outsideKeysOf(q: Queryable, memberIds: number[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await q.query<{ key: string }>(
    `SELECT member_id || ':' || lower(course_number) || ':' || to_char(completed_on, 'YYYY-MM-DD') AS key
       FROM training_completions WHERE member_id = ANY($1::int[]) AND attendee_id IS NULL AND course_number IS NOT NULL`,
    [memberIds],
  );
  return new Set(rows.map((r) => r.key));
}

export interface OutsideCompletion {
  memberId: number;
  courseNumber: string;
  courseName: string;
  hours: number;
  completedOn: string;
  aorId: number | null;
}

/** Records outside completions; one already there (its natural key) is left as it is. Answers how many it recorded. */
export async function insertOutsideCompletions(q: Queryable, rows: OutsideCompletion[], by: number): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await q.query<{ id: number }>(
    `INSERT INTO training_completions (member_id, course_number, course_name, hours, completed_on, aor_id, recorded_by)
     SELECT u.m, u.cn, u.name, u.h, u.d, u.a, $7::int
       FROM unnest($1::int[], $2::text[], $3::text[], $4::numeric[], $5::date[], $6::int[]) AS u(m, cn, name, h, d, a)
     ON CONFLICT (member_id, lower(course_number), completed_on) WHERE attendee_id IS NULL AND course_number IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      rows.map((r) => r.memberId),
      rows.map((r) => r.courseNumber),
      rows.map((r) => r.courseName),
      rows.map((r) => r.hours),
      rows.map((r) => r.completedOn),
      rows.map((r) => r.aorId),
      by,
    ],
  );
  return inserted.length;
}

export interface NarExportRow {
  nrds_id: string | null;
  display_name: string;
  created_on: Date;
  course_number: string | null;
  course_name: string;
  topic_ids: number[];
  completed_on: string;
  hours: string;
}

/** Completions from a day on of the members in scope (an association's, or every member), with their NRDS ID. */
export function completionsForExport(q: Queryable, from: string, aorId: number | null): Promise<NarExportRow[]> {
  return q.query<NarExportRow>(
    `SELECT m.nrds_id, m.display_name, m.created_on, c.course_number, c.course_name, c.topic_ids,
            to_char(c.completed_on, 'YYYY-MM-DD') AS completed_on, c.hours::text AS hours
       FROM training_completions c JOIN members m ON m.id = c.member_id
      WHERE c.completed_on >= $1::date AND ($2::int IS NULL OR m.aor_id = $2)
      ORDER BY m.last_name, m.first_name, m.id, c.completed_on, c.id`,
    [from, aorId],
  );
}
