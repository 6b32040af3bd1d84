import type { Db } from '../src/db/index';

let sequence = 0;
const next = () => ++sequence;

const HOUR = 3_600_000;

/** Training test data: a subject with a topic, an instructor, a location and classes around now. */
export function createTrainingFactories(db: Db) {
  async function buildTopic(name = `Topic ${next()} of training`) {
    const subject = await db.one<{ id: number }>('INSERT INTO training_subjects (name) VALUES ($1) RETURNING id', [`Subject ${next()}`]);
    const topic = await db.one<{ id: number }>(
      `INSERT INTO training_topics (training_subject_id, name, description, attachment_url) VALUES ($1, $2, 'About it', '/files/handout.pdf') RETURNING id`,
      [subject!.id, name],
    );
    return { id: topic!.id, subjectId: subject!.id, name };
  }

  async function buildClass(
    opts: {
      startsInHours?: number;
      capacity?: number;
      isPublic?: boolean;
      aorId?: number | null;
      virtual?: boolean;
      address?: string;
    } = {},
  ) {
    const instructor = await db.one<{ id: number }>("INSERT INTO training_instructors (name) VALUES ('Dana Whitfield') RETURNING id");
    const location = opts.virtual
      ? null
      : await db.one<{ id: number }>("INSERT INTO training_locations (name, address) VALUES ('Training Room', $1) RETURNING id", [
          opts.address ?? '1 Nowhere Lane, Irvine, CA 92618',
        ]);
    const start = new Date(Date.now() + (opts.startsInHours ?? 48) * HOUR);
    const row = await db.one<{ id: number }>(
      `INSERT INTO training_classes (class_name, start_time, end_time, capacity, is_public, location_id, presentation_type, instructor_id, aor_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        `Class ${next()}`,
        start,
        new Date(start.getTime() + 2 * HOUR),
        opts.capacity ?? 10,
        opts.isPublic ?? true,
        location?.id ?? null,
        opts.virtual ? 'Virtual' : 'In Person',
        instructor!.id,
        opts.aorId ?? null,
      ],
    );
    const topic = await buildTopic();
    await db.query('INSERT INTO training_class_topics (training_class_id, training_topic_id) VALUES ($1, $2)', [row!.id, topic.id]);
    return { id: row!.id, topic };
  }

  async function buildRequest(memberId: number, topicId: number, status: number | null) {
    const row = await db.one<{ id: number }>(
      `INSERT INTO training_class_requests (requested_by, training_topic_id, comments, date_time, request_status)
       VALUES ($1, $2, 'Please', '2030-01-07T09:00:00', $3) RETURNING id`,
      [memberId, topicId, status],
    );
    return row!.id;
  }

  return { buildTopic, buildClass, buildRequest };
}
