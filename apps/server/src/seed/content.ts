import type { Queryable } from '../db/index';
import { seedArticles } from './content-articles';
import { seedNotifications, seedSystemNotifications } from './content-notifications';
import type { Rng } from './random';

/** The article center, notification center and system messages (issue 4). */
export async function seedContent(q: Queryable, rng: Rng): Promise<void> {
  await seedArticles(q, rng);
  await seedNotifications(q, rng);
  await seedSystemNotifications(q);
}
