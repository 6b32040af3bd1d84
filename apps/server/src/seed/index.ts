import { DEFAULT_MLS_TIME_ZONE } from '@portico/shared';
import type { Db, Queryable } from '../db/index';
import { seedAdmin } from './admin';
import { seedAdminArticles } from './admin-articles';
import { seedCitations } from './citations';
import { seedContent } from './content';
import { seedDashboard } from './dashboard';
import { seedEula, seedEulaPendingMembers } from './eula';
import { seedFoundation } from './foundation';
import { createRng, type Rng } from './random';
import { seedRegistered } from './registered';
import { seedRuleBook } from './rule-book';
import { seedSettings } from './settings';
import { seedSharedLogins } from './shared-logins';
import { seedSupport } from './support';
import { seedTraining } from './training';
import { seedTrainingRequirements } from './training-requirements';

/** Each feature's demo data, in order; a feature adds one line. `zone`: the MLS's time zone (decision 0969). */
export const demoSeeders: Array<(q: Queryable, rng: Rng, zone: string) => Promise<void>> = [
  seedFoundation,
  seedEula,
  seedSettings,
  seedDashboard,
  seedContent,
  seedRegistered,
  seedTraining,
  seedTrainingRequirements,
  seedAdminArticles,
  seedAdmin,
  seedSupport,
  seedRuleBook,
  seedCitations,
  seedSharedLogins,
  seedEulaPendingMembers,
];

/** Seeds the demo MLS when the database holds no association yet; answers whether it seeded. */
export async function seedDemoIfEmpty(db: Db, mlsTimeZone: string = DEFAULT_MLS_TIME_ZONE): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(4242003)');
    const existing = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM associations');
    if ((existing?.n ?? 0) > 0) return false;
    const rng = createRng();
    for (const seed of demoSeeders) await seed(q, rng, mlsTimeZone);
    return true;
  });
}
