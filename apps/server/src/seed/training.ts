import type { Queryable } from '../db/index';
import type { Rng } from './random';

/** Training demo data (seed 002): subjects, topics, instructors, locations, ~20 classes around today, registrations. */

const SUBJECTS: Array<{
  name: string;
  topics: Array<[name: string, description: string, attachment: string | null, video: string | null]>;
}> = [
  {
    name: 'MLS Essentials',
    topics: [
      [
        'Portal Navigation',
        'Find your way around the member portal, its dashboard and settings.',
        '/training/portal-quick-start.pdf',
        null,
      ],
      ['Listing Input', 'Enter a complete, compliant listing the first time.', '/training/listing-input-checklist.txt', null],
      [
        'Search and Saved Searches',
        'Build searches, save them and set up client alerts.',
        null,
        'https://www.example-mls.org/videos/search',
      ],
    ],
  },
  {
    name: 'Compliance',
    topics: [
      ['Fair Housing in Listing Remarks', 'What remarks may and may not say, with examples.', '/training/fair-housing-examples.csv', null],
      ['MLS Rules and Citations', 'The rules that are cited most often and how to avoid them.', '/training/rules-summary.pdf', null],
    ],
  },
  {
    name: 'Business Tools',
    topics: [
      ['Market Statistics for Clients', 'Turn market statistics into a client-ready report.', '/training/market-report-sample.png', null],
      ['Contracts and Disclosures', 'The forms of a residential sale, step by step.', '/training/disclosure-timeline.pdf', null],
      ['Showing Scheduling', 'Set up showings, feedback and lockbox access.', null, 'https://www.example-mls.org/videos/showings'],
    ],
  },
];

const INSTRUCTORS: Array<[name: string, photo: string | null, color: string, notes: string]> = [
  ['Dana Whitfield', '/training/instructor-dana.svg', '#1864ab', 'Twenty years of MLS support; bring your login ID.'],
  ['Marcus Bell', null, '#1e6b30', 'Broker and compliance trainer.'],
  ['Elena Ortiz', '/training/instructor-elena.svg', '#862e9c', 'Data and market statistics specialist.'],
  ['Samuel Cho', null, '#a33a0c', 'Forms and transactions coach.'],
];

const LOCATIONS: Array<[name: string, address: string]> = [
  ['Orange Coast Association Training Center', '2855 Michelle Dr, Irvine, CA 92606'],
  ['Anaheim Member Services Office', '1500 S Harbor Blvd, Anaheim, CA 92802'],
  ['Riverside Education Room', '3900 Market St, Riverside, CA 92501'],
  // No ZIP and no known address: the Location tab falls back to the Southern California map.
  ['Pop-up Classroom', 'Community Hall, Main Street'],
];

interface DemoClass {
  name: string;
  days: number;
  hour: number;
  hours: number;
  topics: string[];
  instructor: number;
  location: number | null;
  capacity: number;
  aor?: string;
  image?: string;
}

const CLASSES: DemoClass[] = [
  {
    name: 'Portal Basics for New Members',
    days: -27,
    hour: 9,
    hours: 2,
    topics: ['Portal Navigation'],
    instructor: 0,
    location: 0,
    capacity: 30,
  },
  {
    name: 'Fair Housing Refresher',
    days: -23,
    hour: 13,
    hours: 2,
    topics: ['Fair Housing in Listing Remarks'],
    instructor: 1,
    location: null,
    capacity: 100,
  },
  { name: 'Listing Input Workshop', days: -19, hour: 10, hours: 3, topics: ['Listing Input'], instructor: 0, location: 1, capacity: 20 },
  {
    name: 'Market Statistics Deep Dive',
    days: -14,
    hour: 14,
    hours: 2,
    topics: ['Market Statistics for Clients'],
    instructor: 2,
    location: null,
    capacity: 60,
  },
  {
    name: 'MLS Rules Roundtable',
    days: -9,
    hour: 9,
    hours: 2,
    topics: ['MLS Rules and Citations'],
    instructor: 1,
    location: 2,
    capacity: 25,
  },
  {
    name: 'Showing Scheduling Basics',
    days: -5,
    hour: 11,
    hours: 1,
    topics: ['Showing Scheduling'],
    instructor: 3,
    location: null,
    capacity: 80,
  },
  {
    name: 'Search and Alerts Clinic',
    days: -3,
    hour: 13,
    hours: 2,
    topics: ['Search and Saved Searches'],
    instructor: 0,
    location: 0,
    capacity: 25,
  },
  {
    name: 'MLS Portal Essentials',
    days: 3,
    hour: 10,
    hours: 2,
    topics: ['Portal Navigation', 'Search and Saved Searches'],
    instructor: 0,
    location: 0,
    capacity: 24,
    image: '/training/class-portal.svg',
  },
  {
    name: 'Contract Essentials Workshop',
    days: 6,
    hour: 13,
    hours: 3,
    topics: ['Contracts and Disclosures'],
    instructor: 3,
    location: 1,
    capacity: 3,
  },
  {
    name: 'Fair Housing Remarks Review',
    days: 9,
    hour: 9,
    hours: 2,
    topics: ['Fair Housing in Listing Remarks', 'MLS Rules and Citations'],
    instructor: 1,
    location: null,
    capacity: 150,
  },
  {
    name: 'Orange Coast Member Orientation',
    days: 12,
    hour: 9,
    hours: 3,
    topics: ['Portal Navigation'],
    instructor: 0,
    location: 0,
    capacity: 40,
    aor: 'OC',
  },
  {
    name: 'Client Market Reports',
    days: 16,
    hour: 14,
    hours: 2,
    topics: ['Market Statistics for Clients'],
    instructor: 2,
    location: 2,
    capacity: 20,
    image: '/training/class-market.svg',
  },
  { name: 'Listing Input Lab', days: 20, hour: 10, hours: 2, topics: ['Listing Input'], instructor: 0, location: 3, capacity: 12 },
  {
    name: 'South Bay Forms Update',
    days: 23,
    hour: 13,
    hours: 2,
    topics: ['Contracts and Disclosures'],
    instructor: 3,
    location: null,
    capacity: 50,
    aor: 'SB',
  },
  {
    name: 'Showing Feedback That Sells',
    days: 27,
    hour: 11,
    hours: 1,
    topics: ['Showing Scheduling'],
    instructor: 3,
    location: null,
    capacity: 90,
  },
  {
    name: 'Saved Searches Masterclass',
    days: 33,
    hour: 9,
    hours: 2,
    topics: ['Search and Saved Searches'],
    instructor: 0,
    location: 1,
    capacity: 30,
  },
  {
    name: 'Citations: How to Avoid Them',
    days: 39,
    hour: 14,
    hours: 2,
    topics: ['MLS Rules and Citations'],
    instructor: 1,
    location: 0,
    capacity: 35,
  },
  {
    name: 'Disclosure Timelines',
    days: 45,
    hour: 10,
    hours: 3,
    topics: ['Contracts and Disclosures'],
    instructor: 3,
    location: 2,
    capacity: 18,
  },
  {
    name: 'Statistics for Listing Presentations',
    days: 51,
    hour: 13,
    hours: 2,
    topics: ['Market Statistics for Clients'],
    instructor: 2,
    location: null,
    capacity: 75,
  },
  { name: 'New Member Portal Tour', days: 57, hour: 9, hours: 2, topics: ['Portal Navigation'], instructor: 0, location: 0, capacity: 30 },
];

/** A weekday `days` from today at `hour` local time: a weekend day moves to the Monday after it. */
function classStart(today: Date, days: number, hour: number): Date {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, 0, 0, 0);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return d;
}

/** The wall-clock text of a weekday `days` from today at 10:00 (a course request's date). */
function requestDate(today: Date, days: number): string {
  const d = classStart(today, days, 10);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T10:00:00`;
}

export async function seedTraining(q: Queryable, _rng: Rng, today = new Date()): Promise<void> {
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
    const start = classStart(today, c.days, c.hour);
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
      [agent, topicIds.get(topic), comments, requestDate(today, days), status],
    );
  }
}
