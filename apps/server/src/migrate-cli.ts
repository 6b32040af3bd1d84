import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { StartRefused } from './production';

/**
 * Applies the pending migrations and exits: the Kubernetes migration Job's command (`node apps/server/dist/migrate.js`).
 * Instances also migrate when they start, under the same advisory lock, so running this first only takes the wait out
 * of the first instance's start.
 */
const db = await openDatabase(loadConfig()).catch((error) => {
  // A migration changed after it was applied (decision 1020): one line naming the file, not a stack trace.
  if (!(error instanceof StartRefused)) throw error;
  console.error(error.message);
  process.exit(1);
});
await db.close();
console.log('Migrations applied.');
