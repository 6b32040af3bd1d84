import { relative } from 'node:path';
import { buildApp } from './app';
import { loadConfig, REPO_ROOT } from './config';
import { openDatabase } from './db/open';
import { seedDemoIfEmpty } from './seed/index';

const config = loadConfig();
const db = await openDatabase(config);
if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(db);
  if (seeded) console.log('Seeded the demo MLS (first run).');
}
const app = await buildApp({ config, db, logger: true });
await app.listen({ port: config.port, host: config.host });
console.log(`\nPortico is running at ${config.publicUrl}`);
console.log(
  `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${relative(REPO_ROOT, config.dataDir) || '.'}/db`}`,
);
console.log('Demo sign-ins: see README.md ("Demo sign-ins") or docs/demo-accounts.json\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
