import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/index';
import { MIGRATIONS_DIR, migrationFiles } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open';
import { seedDemoIfEmpty } from '../../apps/server/src/seed/index';
import { seedScale } from '../../apps/server/src/seed/scale';

export interface PreparedDatabase {
  config: Config;
  db: Db;
  kind: 'pglite' | 'postgres';
  /** 'built' on a fresh database, 'reused' when a cached one matched the migrations, seeds and counts. */
  origin: 'built' | 'reused' | 'topped-up';
  seconds: number;
  members: number;
  where: string;
}

export interface PrepareOptions {
  /** Scale counts by seeder option: { members: 100000 } (and later { listings: N }). */
  counts: Record<string, number>;
  port: number;
  databaseUrl?: string;
  cacheDir: string;
  log: (line: string) => void;
}

const SEED_DIR = join(MIGRATIONS_DIR, '../../seed');

/** A key that changes whenever a migration, a seeder or a count changes, so a cached database is never stale. */
function cacheKey(counts: Record<string, number>): string {
  const hash = createHash('sha256');
  for (const file of migrationFiles()) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  for (const file of readdirSync(SEED_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()) {
    hash.update(file).update(readFileSync(join(SEED_DIR, file)));
  }
  hash.update(JSON.stringify(Object.entries(counts).sort()));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The scaled database the benchmark runs on: migrated, demo-seeded, then scaled. On PGlite it lives in a cache
 * directory keyed by migrations, seeds and counts, and is reused while that key holds; on PostgreSQL
 * (BENCH_DATABASE_URL) the seeders top the data up, which costs nothing when it is already there.
 */
export async function prepareDatabase({ counts, port, databaseUrl, cacheDir, log }: PrepareOptions): Promise<PreparedDatabase> {
  const started = Date.now();
  const key = cacheKey(counts);
  const dataDir = join(cacheDir, `pglite-${key}`);
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    OIDC_ISSUER: undefined,
    LOG_LEVEL: 'warn',
  });
  const marker = join(dataDir, 'ready.json');
  let origin: PreparedDatabase['origin'] = 'built';
  if (!databaseUrl) {
    if (existsSync(marker)) origin = 'reused';
    else {
      // Older cached databases (other keys) are removed: each 100,000-member PGlite is a few hundred MB.
      if (existsSync(cacheDir))
        for (const d of readdirSync(cacheDir).filter((d) => d.startsWith('pglite-')))
          rmSync(join(cacheDir, d), { recursive: true, force: true });
      log(`Building a scaled PGlite database in ${dataDir} ...`);
    }
  } else {
    origin = 'topped-up';
    log('Preparing the scaled database on BENCH_DATABASE_URL ...');
  }
  const db = await openDatabase(config);
  if (origin !== 'reused') {
    if (await seedDemoIfEmpty(db)) log('  demo MLS seeded');
    await seedScale(db, counts, (line) => log(`  ${line}`));
    if (!databaseUrl) writeFileSync(marker, JSON.stringify({ key, counts, builtOn: new Date().toISOString() }));
  }
  const members = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM members'))?.n ?? 0;
  return {
    config,
    db,
    kind: db.kind,
    origin,
    seconds: (Date.now() - started) / 1000,
    members,
    where: databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : `PGlite in ${dataDir}`,
  };
}
