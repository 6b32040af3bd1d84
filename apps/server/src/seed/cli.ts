import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { seedDemoIfEmpty } from './index';
import { scaleSeeders, seedScale } from './scale';

const USAGE = `Usage: npm run seed -- [--members N] ${scaleSeeders
  .filter((s) => s.option !== 'members')
  .map((s) => `[--${s.option} N]`)
  .join(' ')}
Migrates the database (PGlite under DATA_DIR, or DATABASE_URL), seeds the demo MLS when it is empty, then tops the
scale datasets up to N rows each:
${scaleSeeders.map((s) => `  --${s.option} N  ${s.description}`).join('\n')}`;

/** Parses `--option N` pairs; answers the counts or an error text. */
export function parseScaleArgs(args: string[]): { counts: Record<string, number> } | { error: string } {
  const counts: Record<string, number> = {};
  const known = new Set(scaleSeeders.map((s) => s.option));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg.split('=', 2);
    const option = flag.replace(/^--/, '');
    if (!flag.startsWith('--') || !known.has(option)) return { error: `Unknown option: ${arg}` };
    const raw = inline ?? args[++i];
    const count = Number(String(raw ?? '').replace(/_/g, ''));
    if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
      return { error: `--${option} needs a whole number from 0 to 10,000,000` };
    counts[option] = count;
  }
  return { counts };
}

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
    if (await seedDemoIfEmpty(db)) console.log('Seeded the demo MLS.');
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
