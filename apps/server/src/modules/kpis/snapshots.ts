import type { Db } from '../../db/index';
import type { JobDefinition } from '../../plugins/jobs';
import {
  computeMarketFigures,
  computeMonthlyTrend,
  freshSnapshot,
  type KpiSnapshot,
  lockSnapshot,
  staleSnapshotAors,
  storeSnapshot,
  tryLockSnapshot,
} from './repository';

/** A snapshot older than this is recomputed by the refresh job; figures move with listings, not by the second. */
export const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;

/**
 * Recomputes the association's snapshot unless one of today younger than `maxAgeMs` exists. An advisory lock per
 * association keeps the work to one instance at a time: with `wait`, a caller waits for another instance's run and
 * then finds its result fresh; without, it answers null and leaves the work to the holder.
 */
export function refreshSnapshot(
  db: Db,
  aorId: number,
  { maxAgeMs, wait }: { maxAgeMs: number; wait: boolean },
): Promise<KpiSnapshot | null> {
  return db.tx(async (q) => {
    if (wait) await lockSnapshot(q, aorId);
    else if (!(await tryLockSnapshot(q, aorId))) return null;
    const fresh = await freshSnapshot(q, aorId, maxAgeMs);
    if (fresh) return fresh;
    const figures = await computeMarketFigures(q, aorId);
    const trend = await computeMonthlyTrend(q, aorId);
    await storeSnapshot(q, aorId, { figures, trend });
    return { figures, trend };
  });
}

/**
 * One pass of the refresh job: recomputes every snapshot older than `maxAgeMs` or of an earlier day, oldest first,
 * one association per transaction (so that other queries interleave). Only associations somebody has read get a
 * snapshot, so unused ones cost nothing. Answers how many this instance recomputed.
 */
export async function refreshStaleSnapshots(db: Db, maxAgeMs = SNAPSHOT_MAX_AGE_MS): Promise<number> {
  let done = 0;
  for (const aorId of await staleSnapshotAors(db, maxAgeMs)) if (await refreshSnapshot(db, aorId, { maxAgeMs, wait: false })) done++;
  return done;
}

/** Each minute on the job queue (plugins/jobs.ts): one instance refreshes the stale snapshots, one association at a time. */
export const kpiRefreshJob: JobDefinition = {
  name: 'kpi-refresh',
  cron: '* * * * *',
  run: async (db) => ({ refreshed: await refreshStaleSnapshots(db) }),
};
