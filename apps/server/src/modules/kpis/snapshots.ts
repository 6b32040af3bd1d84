import type { Db, Queryable } from '../../db/index';
import type { JobDefinition } from '../../plugins/jobs';
import { computeMarketFigures, computeMonthlyTrend, type MarketFigures, type TrendRow } from './repository';

export interface KpiSnapshot {
  figures: MarketFigures;
  trend: TrendRow[];
}

/** A snapshot older than this is recomputed by the refresh job; figures move with listings, not by the second. */
export const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;
/** First key of the per-association advisory lock (the second is the association id). */
const LOCK_CLASS = 4242150;
const OF_TODAY = "figures->>'period_end' = to_char(CURRENT_DATE, 'YYYY-MM-DD')";

/** The association's snapshot of today, however old within the day; null when there is none for today. */
export function readSnapshot(q: Queryable, aorId: number): Promise<KpiSnapshot | null> {
  return q.one<KpiSnapshot>(`SELECT figures, trend FROM kpi_snapshots WHERE aor_id = $1 AND ${OF_TODAY}`, [aorId]);
}

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
    if (wait) await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [LOCK_CLASS, aorId]);
    else if (!(await q.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS ok', [LOCK_CLASS, aorId]))?.ok) {
      return null;
    }
    const fresh = await q.one<KpiSnapshot>(
      `SELECT figures, trend FROM kpi_snapshots
        WHERE aor_id = $1 AND ${OF_TODAY} AND computed_at > clock_timestamp() - $2::int * interval '1 millisecond'`,
      [aorId, maxAgeMs],
    );
    if (fresh) return fresh;
    const figures = await computeMarketFigures(q, aorId);
    const trend = await computeMonthlyTrend(q, aorId);
    await q.query(
      `INSERT INTO kpi_snapshots (aor_id, figures, trend, computed_at) VALUES ($1, $2::jsonb, $3::jsonb, clock_timestamp())
       ON CONFLICT (aor_id) DO UPDATE SET figures = EXCLUDED.figures, trend = EXCLUDED.trend, computed_at = EXCLUDED.computed_at`,
      [aorId, JSON.stringify(figures), JSON.stringify(trend)],
    );
    return { figures, trend };
  });
}

/**
 * One pass of the refresh job: recomputes every snapshot older than `maxAgeMs` or of an earlier day, oldest first,
 * one association per transaction (so that other queries interleave). Only associations somebody has read get a
 * snapshot, so unused ones cost nothing. Answers how many this instance recomputed.
 */
export async function refreshStaleSnapshots(db: Db, maxAgeMs = SNAPSHOT_MAX_AGE_MS): Promise<number> {
  const stale = await db.query<{ aor_id: number }>(
    `SELECT aor_id FROM kpi_snapshots
      WHERE NOT (${OF_TODAY}) OR computed_at <= clock_timestamp() - $1::int * interval '1 millisecond'
      ORDER BY computed_at`,
    [maxAgeMs],
  );
  let done = 0;
  for (const { aor_id } of stale) if (await refreshSnapshot(db, aor_id, { maxAgeMs, wait: false })) done++;
  return done;
}

/** Each minute on the job queue (plugins/jobs.ts): one instance refreshes the stale snapshots, one association at a time. */
export const kpiRefreshJob: JobDefinition = {
  name: 'kpi-refresh',
  cron: '* * * * *',
  run: async (db) => ({ refreshed: await refreshStaleSnapshots(db) }),
};
