import { loadConfig } from './config';
import { openDatabase } from './db/open';

/**
 * Applies the pending migrations and exits: the Kubernetes migration Job's command (`node apps/server/dist/migrate.js`).
 * Instances also migrate when they start, under the same advisory lock, so running this first only takes the wait out
 * of the first instance's start.
 */
const db = await openDatabase(loadConfig());
await db.close();
console.log('Migrations applied.');
