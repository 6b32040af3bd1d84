import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';

export interface ClassRow {
  id: number;
  class_name: string;
  start_time: Date;
  end_time: Date;
  capacity: number;
  taken: number;
  is_public: boolean;
  image_url: string | null;
  location_name: string | null;
  location_address: string | null;
  presentation_type: string;
  instructor_name: string;
  instructor_photo_url: string | null;
  instructor_color: string | null;
  instructor_notes: string | null;
  aor_name: string | null;
}

export interface TopicRow {
  id: number;
  name: string;
  training_subject_id: number;
  description: string | null;
  notes: string | null;
  video_url: string | null;
  attachment_url: string | null;
}

export interface ClassTopicRow extends TopicRow {
  training_class_id: number;
}

/** Who sees a class: public classes for every member, the others for the members of the class's association. */
export const VISIBLE = '(c.is_public OR c.aor_id = $1)';
export const visibleScope = (aorId: number | null) => ({ where: VISIBLE, params: [aorId] });

/** `POST api/app/TrainingClass/q`: the ids of a page of visible classes; the rows are then read by `loadClasses`. */
export const classSpec: ResourceSpec = {
  from: 'training_classes c',
  select: 'c.id',
  defaultOrder: 'c.start_time ASC, c.id ASC',
  fields: {
    id: { sql: 'c.id', type: 'number' },
    className: { sql: 'c.class_name', type: 'text' },
    startTime: { sql: 'c.start_time', type: 'date' },
    endTime: { sql: 'c.end_time', type: 'date' },
    isPublic: { sql: 'c.is_public', type: 'boolean' },
    presentationType: { sql: 'c.presentation_type', type: 'text' },
  },
};

/** `POST api/app/attendee/q`: the member's registrations (the scope fixes the member). */
export const attendeeSpec: ResourceSpec = {
  from: 'training_attendees a JOIN training_classes c ON c.id = a.training_class_id',
  select: `a.id, a.member_id, a.training_class_id, a.was_present, a.unregistered_on`,
  defaultOrder: 'c.start_time ASC, a.id ASC',
  fields: {
    id: { sql: 'a.id', type: 'number' },
    memberID: { sql: 'a.member_id', type: 'number' },
    trainingClassId: { sql: 'a.training_class_id', type: 'number' },
    wasPresent: { sql: 'a.was_present', type: 'boolean' },
    unRegisteredOn: { sql: 'a.unregistered_on', type: 'date' },
    startTime: { sql: 'c.start_time', type: 'date' },
    'trainingClass.startTime': { sql: 'c.start_time', type: 'date' },
  },
};

export interface AttendeeRow {
  id: number;
  member_id: number;
  training_class_id: number;
  was_present: boolean;
  unregistered_on: Date | null;
}

/** `POST api/app/classrequest/q`: the member's course requests. */
export const classRequestSpec: ResourceSpec = {
  from: 'training_class_requests r JOIN training_topics t ON t.id = r.training_topic_id',
  select: `r.id, r.requested_by, r.training_topic_id, t.name AS topic_name, r.comments,
    to_char(r.date_time, 'YYYY-MM-DD"T"HH24:MI:SS') AS date_time, r.request_status`,
  defaultOrder: 'r.date_time ASC, r.id ASC',
  fields: {
    id: { sql: 'r.id', type: 'number' },
    requestedBy: { sql: 'r.requested_by', type: 'number' },
    trainingTopicId: { sql: 'r.training_topic_id', type: 'number' },
    requestStatus: { sql: 'r.request_status', type: 'number' },
    dateTime: { sql: 'r.date_time', type: 'date' },
  },
};

export interface ClassRequestRow {
  id: number;
  requested_by: number;
  training_topic_id: number;
  topic_name: string;
  comments: string;
  date_time: string;
  request_status: number | null;
}

const CLASS_SELECT = `SELECT c.id, c.class_name, c.start_time, c.end_time, c.capacity, c.is_public, c.image_url, c.presentation_type,
    l.name AS location_name, l.address AS location_address,
    i.name AS instructor_name, i.photo_url AS instructor_photo_url, i.color AS instructor_color, i.notes AS instructor_notes,
    aor.name AS aor_name,
    (SELECT count(*)::int FROM training_attendees a WHERE a.training_class_id = c.id AND a.unregistered_on IS NULL) AS taken
  FROM training_classes c
  JOIN training_instructors i ON i.id = c.instructor_id
  LEFT JOIN training_locations l ON l.id = c.location_id
  LEFT JOIN associations aor ON aor.id = c.aor_id`;

/** The classes of these ids with their seats taken, in the order of the ids. */
export async function loadClasses(q: Queryable, ids: number[]): Promise<ClassRow[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<ClassRow>(`${CLASS_SELECT} WHERE c.id = ANY($1::int[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ClassRow => !!r);
}

export async function loadClassTopics(q: Queryable, classIds: number[]): Promise<ClassTopicRow[]> {
  if (classIds.length === 0) return [];
  return q.query<ClassTopicRow>(
    `SELECT ct.training_class_id, t.id, t.name, t.training_subject_id, t.description, t.notes, t.video_url, t.attachment_url
     FROM training_class_topics ct JOIN training_topics t ON t.id = ct.training_topic_id
     WHERE ct.training_class_id = ANY($1::int[]) ORDER BY ct.view_order, t.name`,
    [classIds],
  );
}

/** A visible class (null when it does not exist or the member may not see it); `lock` takes its row for a write. */
export async function findVisibleClass(q: Queryable, id: number, aorId: number | null, lock = false) {
  return q.one<{ id: number; start_time: Date; capacity: number }>(
    `SELECT c.id, c.start_time, c.capacity FROM training_classes c WHERE c.id = $2 AND ${VISIBLE}${lock ? ' FOR UPDATE' : ''}`,
    [aorId, id],
  );
}

export async function countTaken(q: Queryable, classId: number): Promise<number> {
  const row = await q.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM training_attendees WHERE training_class_id = $1 AND unregistered_on IS NULL',
    [classId],
  );
  return row?.n ?? 0;
}

export async function findLiveAttendee(q: Queryable, memberId: number, classId: number) {
  return q.one<{ id: number }>(
    'SELECT id FROM training_attendees WHERE member_id = $1 AND training_class_id = $2 AND unregistered_on IS NULL',
    [memberId, classId],
  );
}

export async function insertAttendee(q: Queryable, memberId: number, classId: number): Promise<AttendeeRow> {
  const row = await q.one<AttendeeRow>(
    `INSERT INTO training_attendees (member_id, training_class_id) VALUES ($1, $2)
     RETURNING id, member_id, training_class_id, was_present, unregistered_on`,
    [memberId, classId],
  );
  return row!;
}

/** The member's own registration, its row locked (null for another member's). */
export async function findOwnAttendee(q: Queryable, memberId: number, id: number): Promise<(AttendeeRow & { start_time: Date }) | null> {
  return q.one<AttendeeRow & { start_time: Date }>(
    `SELECT a.id, a.member_id, a.training_class_id, a.was_present, a.unregistered_on, c.start_time
     FROM training_attendees a JOIN training_classes c ON c.id = a.training_class_id
     WHERE a.id = $1 AND a.member_id = $2 FOR UPDATE OF a`,
    [id, memberId],
  );
}

export async function markUnregistered(q: Queryable, id: number): Promise<AttendeeRow> {
  const row = await q.one<AttendeeRow>(
    `UPDATE training_attendees SET unregistered_on = now() WHERE id = $1
     RETURNING id, member_id, training_class_id, was_present, unregistered_on`,
    [id],
  );
  return row!;
}

export async function listSubjects(q: Queryable) {
  return q.query<{ id: number; name: string }>('SELECT id, name FROM training_subjects ORDER BY name');
}

export async function listTopics(q: Queryable): Promise<TopicRow[]> {
  return q.query<TopicRow>(
    'SELECT id, name, training_subject_id, description, notes, video_url, attachment_url FROM training_topics ORDER BY name',
  );
}

export async function topicExists(q: Queryable, id: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM training_topics WHERE id = $1', [id]));
}

export async function insertClassRequest(
  q: Queryable,
  r: { requestedBy: number; topicId: number; comments: string; dateTime: string },
): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO training_class_requests (requested_by, training_topic_id, comments, date_time, request_status)
     VALUES ($1, $2, $3, $4::timestamp, 1) RETURNING id`,
    [r.requestedBy, r.topicId, r.comments, r.dateTime],
  );
  return row!.id;
}

export async function findOwnRequest(q: Queryable, memberId: number, id: number): Promise<ClassRequestRow | null> {
  return q.one<ClassRequestRow>(`SELECT ${classRequestSpec.select} FROM ${classRequestSpec.from} WHERE r.id = $1 AND r.requested_by = $2`, [
    id,
    memberId,
  ]);
}

/** Cancels only a New or Approved request; answers whether it did. */
export async function cancelRequest(q: Queryable, id: number, cancellable: readonly number[]): Promise<boolean> {
  const rows = await q.query(
    'UPDATE training_class_requests SET request_status = 4 WHERE id = $1 AND request_status = ANY($2::int[]) RETURNING id',
    [id, [...cancellable]],
  );
  return rows.length === 1;
}
