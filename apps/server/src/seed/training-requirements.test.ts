import { DEFAULT_MLS_TIME_ZONE, type Viewer } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from '../db/index';
import { myRequirements } from '../modules/training-requirements/service';
import { seedFoundation } from './foundation';
import { createRng } from './random';
import { seedTraining } from './training';
import { seedTrainingRequirements } from './training-requirements';

describe('required training demo seed', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await db.tx(async (q) => {
      const rng = createRng();
      await seedFoundation(q, rng);
      await seedTraining(q, rng);
      await seedTrainingRequirements(q, rng);
    });
  }, 120_000);
  afterAll(() => db.close());

  it('seeds ethics and fair housing on Cycle 8, orientation within 30 days and a rolling state CE rule; the agent sees them', async () => {
    const agent = await db.one<{ id: number; aor_id: number | null }>("SELECT id, aor_id FROM members WHERE login_id = 'agent'");
    const mine = await myRequirements(db, { memberId: agent!.id, aorId: agent!.aor_id } as Viewer, DEFAULT_MLS_TIME_ZONE);
    expect(Object.fromEntries(mine.map((r) => [r.name, r.state]))).toEqual({
      'California DRE continuing education': 'due',
      'Code of Ethics, Cycle 8': 'due',
      'Fair housing, Cycle 8': 'met',
      'MLS orientation': 'due',
    });
    const ethics = mine.find((r) => r.name === 'Code of Ethics, Cycle 8')!;
    expect(ethics).toMatchObject({
      deadline: '2027-12-31',
      hoursLeft: 2.5,
      period: { kind: 'cycle', start: '2025-01-01', end: '2027-12-31' },
    });
    expect(ethics.classes.map((c) => c.className)).toEqual(['Code of Ethics, Cycle 8']);
    expect(mine.find((r) => r.name === 'MLS orientation')?.daysRemaining).toBe(30);
  });
});
