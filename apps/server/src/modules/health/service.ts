import type { Db } from '../../db/index';
import { pendingMigrations } from '../../db/migrate';
import { pingDatabase } from './repository';

export type Readiness =
  | { status: 'ready'; database: Db['kind'] }
  | { status: 'migrations pending'; pending: string[] }
  | { status: 'database unreachable' };

/** Ready when the database answers and no migration is pending (what `/readyz` says to a load balancer). */
export async function readiness(db: Db): Promise<Readiness> {
  try {
    await pingDatabase(db);
    const pending = await pendingMigrations(db);
    return pending.length ? { status: 'migrations pending', pending } : { status: 'ready', database: db.kind };
  } catch {
    return { status: 'database unreachable' };
  }
}
