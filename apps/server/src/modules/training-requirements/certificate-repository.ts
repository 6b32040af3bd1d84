import type { Queryable } from '../../db/index';

export interface CertificateRow {
  id: number;
  member_id: number;
  member_name: string;
  member_aor_id: number | null;
  member_email: string | null;
  course_name: string;
  course_number: string;
  hours: string;
  completed_on: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_path: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  submitted_on: Date;
  decided_on: Date | null;
}

const SELECT = `SELECT t.id, t.member_id, m.display_name AS member_name, m.aor_id AS member_aor_id, m.email AS member_email,
    t.course_name, t.course_number, t.hours::text AS hours, to_char(t.completed_on, 'YYYY-MM-DD') AS completed_on, t.file_name,
    t.content_type, t.size_bytes, t.storage_path, t.status, t.reason, t.submitted_on, t.decided_on
  FROM training_certificates t JOIN members m ON m.id = t.member_id`;

export interface NewCertificate {
  memberId: number;
  courseName: string;
  courseNumber: string;
  hours: number;
  completedOn: string;
  fileName: string;
  contentType: string;
  size: number;
  storagePath: string;
}

export async function insertCertificate(q: Queryable, c: NewCertificate): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO training_certificates (member_id, course_name, course_number, hours, completed_on, file_name, content_type, size_bytes,
       storage_path) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [c.memberId, c.courseName, c.courseNumber, c.hours, c.completedOn, c.fileName, c.contentType, c.size, c.storagePath],
  );
  return row!.id;
}

export function findCertificate(q: Queryable, id: number, lock = false): Promise<CertificateRow | null> {
  return q.one<CertificateRow>(`${SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
}

export function certificatesOfMember(q: Queryable, memberId: number): Promise<CertificateRow[]> {
  return q.query<CertificateRow>(`${SELECT} WHERE t.member_id = $1 ORDER BY t.submitted_on DESC, t.id DESC LIMIT 100`, [memberId]);
}

/** The queue: certificates of a status, of an association's members (aorId) or every member (null), oldest first. */
export function certificateQueue(q: Queryable, status: string, aorId: number | null): Promise<CertificateRow[]> {
  return q.query<CertificateRow>(
    `${SELECT} WHERE t.status = $1 AND ($2::int IS NULL OR m.aor_id = $2) ORDER BY t.submitted_on, t.id LIMIT 500`,
    [status, aorId],
  );
}

export async function decideCertificate(
  q: Queryable,
  id: number,
  d: { status: 'approved' | 'rejected'; reason: string | null; completionId: number | null; by: number },
): Promise<void> {
  await q.query(
    `UPDATE training_certificates SET status = $2, reason = $3, completion_id = $4, decided_by = $5, decided_on = now() WHERE id = $1`,
    [id, d.status, d.reason, d.completionId, d.by],
  );
}

/** The completion of an approved certificate: recorded once on the outside key (already there: that one). */
export async function recordOutsideCompletion(
  q: Queryable,
  c: { memberId: number; courseNumber: string; courseName: string; hours: string; completedOn: string; aorId: number | null; by: number },
): Promise<number> {
  const inserted = await q.one<{ id: number }>(
    `INSERT INTO training_completions (member_id, course_number, course_name, hours, completed_on, aor_id, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (member_id, lower(course_number), completed_on) WHERE attendee_id IS NULL AND course_number IS NOT NULL DO NOTHING
     RETURNING id`,
    [c.memberId, c.courseNumber, c.courseName, c.hours, c.completedOn, c.aorId, c.by],
  );
  if (inserted) return inserted.id;
  const existing = await q.one<{ id: number }>(
    `SELECT id FROM training_completions WHERE member_id = $1 AND lower(course_number) = lower($2) AND completed_on = $3
       AND attendee_id IS NULL`,
    [c.memberId, c.courseNumber, c.completedOn],
  );
  return existing!.id;
}
