import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { seedDemoIfEmpty } from './index';
import { parseScaleArgs, scaleSeeders, seedScale } from './scale';

const USAGE = `Usage: npm run seed -- ${scaleSeeders.map((s) => `[--${s.option} N]`).join(' ')}
Migrates the database (PGlite under DATA_DIR, or DATABASE_URL), seeds the demo MLS when it is empty, then tops the
scale datasets up to N rows each:
${scaleSeeders.map((s) => `  --${s.option} N  ${s.description}`).join('\n')}`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const parsed = parseScaleArgs(args);
  if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    if (await seedDemoIfEmpty(db, config.mlsTimeZone)) console.log('Seeded the demo MLS.');
    const started = Date.now();
    await seedScale(db, parsed.counts, (line) => console.log(line));
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s (${config.databaseUrl ? 'DATABASE_URL' : `PGlite in ${config.dataDir}/db`}).`,
    );
  } finally {
    await db.close();
  }
}

await main();
