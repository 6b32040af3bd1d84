import { addressKey } from '@portico/shared';
import type { Db } from '../../db/index';
import type { JobDefinition } from '../../plugins/jobs';
import { lockFeedKeying, setFeedAddressKeys, unkeyedFeedRows } from './watch-repository';

export const FEED_ADDRESS_KEYS_JOB = 'clear-cooperation-address-keys';
const BATCH = 5_000;

/**
 * Keys the feed rows that have no normalised address yet (decision 1160): rows written before migration 1080, by the
 * seeds, or by any writer other than the feed's upsert, which keys what it writes. Each batch of `batch` rows is its own
 * transaction, so a run stopped half-way (a restart, a deploy) leaves its work done and the next run goes on from the
 * rows still unkeyed. Answers how many rows it keyed.
 */
export async function keyFeedAddresses(db: Db, batch = BATCH): Promise<number> {
  let keyed = 0;
  for (let after = 0; ; ) {
    const done = await db.tx(async (q) => {
      await lockFeedKeying(q);
      const rows = await unkeyedFeedRows(q, after, batch);
      if (rows.length === 0) return 0;
      after = rows[rows.length - 1].id;
      await setFeedAddressKeys(
        q,
        rows.map((r) => r.id),
        rows.map((r) => addressKey(r.unparsed_address, r.postal_code) ?? ''),
      );
      return rows.length;
    });
    if (done === 0) return keyed;
    keyed += done;
  }
}

/**
 * The backfill on the job queue, apart from the watch so that the watch's run never waits for it: once when an instance
 * starts (the upgrade's backfill) and hourly for rows another writer left unkeyed. `onKeyed` runs when it keyed rows:
 * the watch then runs again, so the alerts it held back meanwhile are not left to the next quarter-hour.
 */
export function feedAddressKeysJob(onKeyed: () => Promise<unknown>): JobDefinition {
  return {
    name: FEED_ADDRESS_KEYS_JOB,
    cron: '7 * * * *',
    runOnStart: true,
    run: async (db) => {
      const keyed = await keyFeedAddresses(db);
      if (keyed > 0) await onKeyed();
      return { keyed };
    },
  };
}
