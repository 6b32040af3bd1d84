import { DEFAULT_MLS_TIME_ZONE, wallClockIn } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { seedFoundation } from './foundation';
import { createRng } from './random';
import { seedTraining } from './training';

describe('training demo seed', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await db.tx(async (q) => {
      const rng = createRng();
      await seedFoundation(q, rng);
      await seedTraining(q, rng);
    });
  }, 120_000);
  afterAll(() => db.close());

  it('seeds ~20 weekday classes within working hours (one evening class) over the past month and the next two, one of them full', async () => {
    const rows = await db.query<{
      start_time: Date;
      end_time: Date;
      capacity: number;
      taken: number;
      presentation_type: string;
      class_name: string;
    }>(
      `SELECT c.class_name, c.start_time, c.end_time, c.capacity, c.presentation_type,
         (SELECT count(*)::int FROM training_attendees a WHERE a.training_class_id = c.id AND a.unregistered_on IS NULL) AS taken
       FROM training_classes c`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(18);
    // On the MLS's wall clock (decision 0969), whatever zone this process runs in.
    for (const r of rows.filter((c) => !c.class_name.startsWith('Evening'))) {
      const start = wallClockIn(DEFAULT_MLS_TIME_ZONE, r.start_time);
      const end = wallClockIn(DEFAULT_MLS_TIME_ZONE, r.end_time);
      expect([6, 7]).not.toContain(start.dayOfWeek);
      expect(start.hour).toBeGreaterThanOrEqual(9);
      expect(end.hour + end.minute / 60).toBeLessThanOrEqual(17);
    }
    const now = Date.now();
    expect(rows.some((r) => r.start_time.getTime() < now - 20 * 86_400_000)).toBe(true);
    expect(rows.some((r) => r.start_time.getTime() > now + 50 * 86_400_000)).toBe(true);
    expect(rows.filter((r) => r.capacity === r.taken && r.start_time.getTime() > now)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.presentation_type))).toEqual(new Set(['Virtual', 'In Person']));
  });

  it('registers the demo agent to past and future classes and gives them course requests in several statuses', async () => {
    const classes = await db.query<{ future: boolean; was_present: boolean }>(
      `SELECT c.start_time > now() AS future, a.was_present FROM training_attendees a
       JOIN training_classes c ON c.id = a.training_class_id JOIN members m ON m.id = a.member_id WHERE m.login_id = 'agent'`,
    );
    expect(classes.some((c) => c.future)).toBe(true);
    expect(classes.some((c) => !c.future && c.was_present)).toBe(true);
    const statuses = await db.query<{ request_status: number | null }>(
      `SELECT r.request_status FROM training_class_requests r JOIN members m ON m.id = r.requested_by WHERE m.login_id = 'agent'`,
    );
    expect(new Set(statuses.map((s) => s.request_status))).toEqual(new Set([1, 2, 3, 4, null]));
    const noPhoto = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM training_instructors WHERE photo_url IS NULL');
    expect(noPhoto!.n).toBeGreaterThan(0);
  });
});
