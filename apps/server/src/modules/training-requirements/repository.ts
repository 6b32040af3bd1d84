import type { RequirementWrite } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { mainOfficeFamily } from '../directory/index';

export interface RequirementRow {
  id: number;
  aor_id: number | null;
  name: string;
  hours: string;
  topic_ids: number[];
  course_numbers: string[];
  member_types: number[];
  association_ids: number[];
  new_members_from: string | null;
  period_kind: 'cycle' | 'rolling' | 'joining';
  cycle_start: string | null;
  cycle_end: string | null;
  every_years: number | null;
  within_days: number | null;
  enforce_listing_entry: boolean;
  enforce_applications: 'none' | 'all' | 'chosen';
  enforce_application_ids: number[];
}

const SELECT = `SELECT id, aor_id, name, hours::text AS hours, topic_ids, course_numbers, member_types, association_ids,
    to_char(new_members_from, 'YYYY-MM-DD') AS new_members_from, period_kind,
    to_char(cycle_start, 'YYYY-MM-DD') AS cycle_start, to_char(cycle_end, 'YYYY-MM-DD') AS cycle_end, every_years, within_days,
    enforce_listing_entry, enforce_applications, enforce_application_ids
  FROM training_requirements`;

/** Every requirement, or those an association's staff may see (theirs and the MLS's). */
export function listRequirements(q: Queryable, aorId?: number | null): Promise<RequirementRow[]> {
  return aorId === undefined
    ? q.query<RequirementRow>(`${SELECT} ORDER BY name, id`)
    : q.query<RequirementRow>(`${SELECT} WHERE aor_id IS NULL OR aor_id = $1 ORDER BY name, id`, [aorId]);
}

export function findRequirement(q: Queryable, id: number): Promise<RequirementRow | null> {
  return q.one<RequirementRow>(`${SELECT} WHERE id = $1`, [id]);
}

function values(r: RequirementWrite): unknown[] {
  const p = r.period;
  return [
    r.name,
    r.hours,
    r.topicIds,
    r.courseNumbers,
    r.memberTypes,
    r.associationIds,
    r.newMembersFrom,
    p.kind,
    p.kind === 'cycle' ? p.start : null,
    p.kind === 'cycle' ? p.end : null,
    p.kind === 'rolling' ? p.everyYears : null,
    p.kind === 'joining' ? p.withinDays : null,
    r.enforcement.listingEntry,
    r.enforcement.applications,
    r.enforcement.applications === 'chosen' ? r.enforcement.applicationIds : [],
  ];
}

export async function insertRequirement(q: Queryable, r: RequirementWrite, aorId: number | null, by: number): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO training_requirements (name, hours, topic_ids, course_numbers, member_types, association_ids, new_members_from,
       period_kind, cycle_start, cycle_end, every_years, within_days, enforce_listing_entry, enforce_applications,
       enforce_application_ids, aor_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [...values(r), aorId, by],
  );
  return row!.id;
}

export async function updateRequirement(q: Queryable, id: number, r: RequirementWrite): Promise<void> {
  await q.query(
    `UPDATE training_requirements SET name = $1, hours = $2, topic_ids = $3, course_numbers = $4, member_types = $5,
       association_ids = $6, new_members_from = $7, period_kind = $8, cycle_start = $9, cycle_end = $10, every_years = $11,
       within_days = $12, enforce_listing_entry = $13, enforce_applications = $14, enforce_application_ids = $15
     WHERE id = $16`,
    [...values(r), id],
  );
}

export async function deleteRequirement(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM training_requirements WHERE id = $1', [id]);
}

/** The ids of `ids` that `table` lacks (a requirement naming a topic, association or application that is not there). */
export async function missingIds(
  q: Queryable,
  table: 'training_topics' | 'associations' | 'applications',
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export interface MemberFacts {
  id: number;
  login_id: string;
  display_name: string;
  user_class: string;
  aor_id: number | null;
  office_id: number | null;
  office_name: string | null;
  created_on: Date;
}

const MEMBER_SELECT = `SELECT m.id, m.login_id, m.display_name, m.user_class, m.aor_id, m.office_id, o.name AS office_name, m.created_on
  FROM members m LEFT JOIN offices o ON o.id = m.office_id`;

export function membersByIds(q: Queryable, ids: number[]): Promise<MemberFacts[]> {
  return q.query<MemberFacts>(`${MEMBER_SELECT} WHERE m.id = ANY($1::int[]) ORDER BY m.id`, [ids]);
}

/** Members of these offices (a broker's), of an association (its staff's), or every member (MLS staff, officeIds null). */
export function membersInScope(q: Queryable, scope: { officeIds?: number[]; aorId?: number }, limit: number): Promise<MemberFacts[]> {
  if (scope.officeIds)
    return q.query<MemberFacts>(`${MEMBER_SELECT} WHERE m.office_id = ANY($1::int[]) ORDER BY m.last_name, m.first_name, m.id LIMIT $2`, [
      scope.officeIds,
      limit,
    ]);
  if (scope.aorId !== undefined)
    return q.query<MemberFacts>(`${MEMBER_SELECT} WHERE m.aor_id = $1 ORDER BY m.last_name, m.first_name, m.id LIMIT $2`, [
      scope.aorId,
      limit,
    ]);
  return q.query<MemberFacts>(`${MEMBER_SELECT} ORDER BY m.last_name, m.first_name, m.id LIMIT $1`, [limit]);
}

/** A member's offices as broker or office manager: their own, and the branches of a main office. */
export async function officeIdsOf(q: Queryable, officeId: number | null, officeCode: string | null, isMain: boolean): Promise<number[]> {
  if (!officeId) return [];
  if (!isMain) return [officeId];
  return mainOfficeFamily(q, officeId, officeCode);
}

export interface CompletionRow {
  id: number;
  member_id: number;
  attendee_id: number | null;
  topic_ids: number[];
  course_number: string | null;
  course_name: string;
  hours: string;
  completed_on: string;
  aor_name: string | null;
}

export function completionsOf(q: Queryable, memberIds: number[]): Promise<CompletionRow[]> {
  return q.query<CompletionRow>(
    `SELECT c.id, c.member_id, c.attendee_id, c.topic_ids, c.course_number, c.course_name, c.hours::text AS hours,
            to_char(c.completed_on, 'YYYY-MM-DD') AS completed_on, a.name AS aor_name
       FROM training_completions c LEFT JOIN associations a ON a.id = c.aor_id
      WHERE c.member_id = ANY($1::int[]) ORDER BY c.completed_on, c.id`,
    [memberIds],
  );
}

/** What a status reads of a completion: the course (topics, number), the hours and the day. */
export type CompletionFacts = Pick<CompletionRow, 'member_id' | 'topic_ids' | 'course_number' | 'hours' | 'completed_on'>;

/**
 * The completions of many members with only what their statuses read (the broker's list, the watch): an index-only
 * scan of `training_completions_member_facts_idx` (migration 1162), never a heap page a completion (decision 1162).
 */
export function completionFactsOf(q: Queryable, memberIds: number[]): Promise<CompletionFacts[]> {
  return q.query<CompletionFacts>(
    `SELECT member_id, topic_ids, course_number, hours::text AS hours, to_char(completed_on, 'YYYY-MM-DD') AS completed_on
       FROM training_completions WHERE member_id = ANY($1::int[])`,
    [memberIds],
  );
}

export function findCompletion(q: Queryable, id: number): Promise<(CompletionRow & { member_name: string }) | null> {
  return q.one<CompletionRow & { member_name: string }>(
    `SELECT c.id, c.member_id, c.attendee_id, c.topic_ids, c.course_number, c.course_name, c.hours::text AS hours,
            to_char(c.completed_on, 'YYYY-MM-DD') AS completed_on, a.name AS aor_name, m.display_name AS member_name
       FROM training_completions c JOIN members m ON m.id = c.member_id LEFT JOIN associations a ON a.id = c.aor_id
      WHERE c.id = $1`,
    [id],
  );
}

/** Upcoming classes of these topics the member may see (public, or their association's), for My requirements. */
export function countingClasses(q: Queryable, topicIds: number[], aorId: number | null, now: Date) {
  return q.query<{ id: number; class_name: string; start_time: Date; end_time: Date; topic_ids: number[] }>(
    `SELECT c.id, c.class_name, c.start_time, c.end_time, array_agg(ct.training_topic_id) AS topic_ids
       FROM training_classes c JOIN training_class_topics ct ON ct.training_class_id = c.id
      WHERE ct.training_topic_id = ANY($1::int[]) AND c.start_time > $3 AND (c.is_public OR c.aor_id = $2)
      GROUP BY c.id ORDER BY c.start_time, c.id LIMIT 50`,
    [topicIds, aorId, now],
  );
}

/** The association of an office (null when the office does not exist), for the report's office check. */
export function officeAorOf(q: Queryable, officeId: number): Promise<{ aor_id: number | null } | null> {
  return q.one<{ aor_id: number | null }>('SELECT aor_id FROM offices WHERE id = $1', [officeId]);
}

/** The campaign type of training notifications ('Required training'), null when missing. */
export function requiredTrainingCampaignType(q: Queryable): Promise<{ id: number } | null> {
  return q.one<{ id: number }>(`SELECT id FROM campaign_types WHERE name = 'Required training'`);
}
