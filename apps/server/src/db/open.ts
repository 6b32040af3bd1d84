import { join } from 'node:path';
import { type Config, ensureDir } from '../config';
import { type Db, openPglite, openPostgres } from './index';
import { migrate } from './migrate';

/** Opens the configured database (PGlite under DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databasePoolSize)
    : await openPglite(ensureDir(join(config.dataDir, 'db')));
  await migrate(db);
  return db;
}
