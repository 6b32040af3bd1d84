import type { FeedStatus, FeedUserClassMapping } from '@portico/shared';
import { FEED_MESSAGES } from '@portico/shared';
import type { ResoConfig } from '../../config';
import type { Db } from '../../db/index';
import { badRequest } from '../../lib/errors';
import { presentMappings, presentRejected, presentRun, presentStatus } from './presenter';
import {
  activeRuns,
  findPasswordlessMember,
  lastRuns,
  listCheckpoints,
  listRejected,
  listRuns,
  listUnmapped,
  listUserClassMappings,
  saveUserClassMapping,
  userClassExists,
} from './repository';
import { reapplyUnmapped, type SyncOptions } from './service';
import { queueCreatePassword } from './welcome';

/** What the staff screen reads and changes (routes.ts): status, history, rejected rows, the user-class mapping. */
export async function feedStatus(db: Db, config: ResoConfig | undefined, queue: FeedStatus['queue']) {
  return presentStatus(config, await listCheckpoints(db), await lastRuns(db), await activeRuns(db), queue);
}

export async function feedMappings(db: Db) {
  return presentMappings(await listUserClassMappings(db), await listUnmapped(db));
}

export async function feedRuns(db: Db, limit: number) {
  return (await listRuns(db, limit)).map(presentRun);
}

export async function feedRejected(db: Db, resource: string | undefined, limit: number) {
  return (await listRejected(db, resource, limit)).map(presentRejected);
}

/** Saves a mapping, and applies at once the members that were waiting on it (answers how many). */
export async function mapUserClass(db: Db, m: FeedUserClassMapping, mail: SyncOptions['mail']): Promise<number> {
  if (m.userClass !== null && !(await userClassExists(db, m.userClass))) {
    throw badRequest(FEED_MESSAGES.unknownUserClass, [{ field: 'userClass', message: FEED_MESSAGES.unknownUserClass }]);
  }
  await saveUserClassMapping(db, m.field, m.value, m.userClass);
  return m.userClass === null ? 0 : reapplyUnmapped(db, `${m.field}=${m.value}`, mail);
}

/** Staff's resend of the Create Password mail: an active member from the feed, with an e-mail, who has no password yet. */
export async function resendCreatePassword(db: Db, loginId: string, mail: NonNullable<SyncOptions['mail']>): Promise<void> {
  await db.tx(async (q) => {
    const account = await findPasswordlessMember(q, loginId);
    if (!account) throw badRequest(FEED_MESSAGES.noCreatePassword, [{ field: 'loginId', message: FEED_MESSAGES.noCreatePassword }]);
    return queueCreatePassword(q, mail, account);
  });
}
