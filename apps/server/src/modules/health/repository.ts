import type { Db } from '../../db/index';

/** Asks the database for `SELECT 1`: throws when it does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.query('SELECT 1');
}
