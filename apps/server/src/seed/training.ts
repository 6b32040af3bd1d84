import { addDays, DEFAULT_MLS_TIME_ZONE, instantOfWallClock, isWeekendDay, todayIn } from '@portico/shared';
import type { Queryable } from '../db/index';
import type { Rng } from './random';
import { CLASSES, INSTRUCTORS, LOCATIONS, SUBJECTS } from './training-catalog';

/** Training demo data (seed 002): subjects, topics, instructors, locations, ~20 classes around today, registrations. */

/** The weekday `days` from `today` ('YYYY-MM-DD'): a weekend day moves to the Monday after it. */
function weekdayFrom(today: string, days: number): string {
  let d = addDays(today, days);
  while (isWeekendDay(d)) d = addDays(d, 1);
  return d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Classes and requests sit on the MLS's wall clock (decision 0969): a 9:00 class starts at 9:00 in the MLS's zone,
 * whatever zone the server seeding it runs in.
 */
export async function seedTraining(q: Queryable, _rng: Rng, zone = DEFAULT_MLS_TIME_ZONE, now = new Date()): Promise<void> {
  const today = todayIn(zone, now);
  const classStart = (days: number, hour: number) => instantOfWallClock(`${weekdayFrom(today, days)}T${pad(hour)}:00:00`, zone);
  const requestDate = (days: number) => `${weekdayFrom(today, days)}T10:00:00`;
  const topicIds = new Map<string, number>();
  for (const subject of SUBJECTS) {
    const s = await q.one<{ id: number }>('INSERT INTO training_subjects (name) VALUES ($1) RETURNING id', [subject.name]);
    for (const [name, description, attachment, video] of subject.topics) {
      const t = await q.one<{ id: number }>(
        `INSERT INTO training_topics (training_subject_id, name, description, notes, video_url, attachment_url)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [s!.id, name, description, `Bring questions about ${name.toLowerCase()}.`, video, attachment],
      );
      topicIds.set(name, t!.id);
    }
  }
  const instructorIds: number[] = [];
  for (const [name, photo, color, notes] of INSTRUCTORS) {
    const row = await q.one<{ id: number }>(
      'INSERT INTO training_instructors (name, photo_url, color, notes) VALUES ($1, $2, $3, $4) RETURNING id',
      [name, photo, color, notes],
    );
    instructorIds.push(row!.id);
  }
  const locationIds: number[] = [];
  for (const [name, address] of LOCATIONS) {
    const row = await q.one<{ id: number }>('INSERT INTO training_locations (name, address) VALUES ($1, $2) RETURNING id', [name, address]);
    locationIds.push(row!.id);
  }
  const aors = new Map(
    (await q.query<{ id: number; short_name: string }>('SELECT id, short_name FROM associations')).map((a) => [a.short_name, a.id]),
  );
  const classIds = new Map<string, number>();
  for (const c of CLASSES) {
    const start = classStart(c.days, c.hour);
    const row = await q.one<{ id: number }>(
      `INSERT INTO training_classes (class_name, start_time, end_time, capacity, is_public, image_url, location_id, presentation_type, instructor_id, aor_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        c.name,
        start,
        new Date(start.getTime() + c.hours * 3_600_000),
        c.capacity,
        !c.aor,
        c.image ?? null,
        c.location === null ? null : locationIds[c.location],
        c.location === null ? 'Virtual' : 'In Person',
        instructorIds[c.instructor],
        c.aor ? (aors.get(c.aor) ?? null) : null,
      ],
    );
    classIds.set(c.name, row!.id);
    for (const [order, topic] of c.topics.entries()) {
      await q.query('INSERT INTO training_class_topics (training_class_id, training_topic_id, view_order) VALUES ($1, $2, $3)', [
        row!.id,
        topicIds.get(topic),
        order,
      ]);
    }
  }

  const members = new Map(
    (
      await q.query<{ id: number; login_id: string }>(
        "SELECT id, login_id FROM members WHERE login_id IN ('agent', 'broker', 'manager', 'officeassistant')",
      )
    ).map((m) => [m.login_id, m.id]),
  );
  const agent = members.get('agent');
  if (!agent) return;
  const attend = (memberId: number | undefined, className: string, wasPresent = false) =>
    memberId &&
    q.query('INSERT INTO training_attendees (member_id, training_class_id, was_present) VALUES ($1, $2, $3)', [
      memberId,
      classIds.get(className),
      wasPresent,
    ]);
  // The demo agent: one past class attended, one missed, one future class.
  await attend(agent, 'Listing Input Workshop', true);
  await attend(agent, 'MLS Rules Roundtable', false);
  await attend(agent, 'Fair Housing Remarks Review');
  // The full class: three seats, three colleagues.
  for (const login of ['broker', 'manager', 'officeassistant']) await attend(members.get(login), 'Contract Essentials Workshop');
  await attend(members.get('broker'), 'MLS Portal Essentials');

  const requests: Array<[topic: string, days: number, status: number | null, comments: string]> = [
    ['Listing Input', 14, 1, 'Our office would like a hands-on session on commercial listings.'],
    ['Market Statistics for Clients', 21, 2, 'A class on building buyer reports from market statistics.'],
    ['Contracts and Disclosures', 30, 3, 'Disclosures for probate sales.'],
    ['Showing Scheduling', 10, 4, 'Showing feedback for team leads.'],
    ['MLS Rules and Citations', 40, null, 'Rules for coming-soon listings.'],
  ];
  for (const [topic, days, status, comments] of requests) {
    await q.query(
      `INSERT INTO training_class_requests (requested_by, training_topic_id, comments, date_time, request_status)
       VALUES ($1, $2, $3, $4::timestamp, $5)`,
      [agent, topicIds.get(topic), comments, requestDate(days), status],
    );
  }
}
