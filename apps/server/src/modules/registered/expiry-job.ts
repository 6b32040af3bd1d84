import { addDays, REGISTERED, todayIso } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';

const JOB = 'registered-expiry';
const LOCK_KEY = 4242200;
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Expires (K, with a cancellation date) the listings still registered whose expiration date is more than 7 days
 * past: until then the read-only rule still lets the agent extend the agreement. Runs at most once a day across
 * every instance (an advisory lock plus the day of the last run); answers how many it expired, or null when another
 * instance has it or it already ran today.
 */
export async function runDailyExpiry(db: Db, today = todayIso()): Promise<number | null> {
  return db.tx(async (q) => {
    const lock = await q.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [LOCK_KEY]);
    if (!lock?.ok) return null;
    const last = await q.one<{ last_run_on: string }>('SELECT last_run_on FROM registered_job_runs WHERE job = $1', [JOB]);
    if (last && last.last_run_on >= today) return null;
    const cutoff = addDays(today, -REGISTERED.readOnlyDaysAfterExpiration);
    const expired = await q.query<{ id: number }>(
      `UPDATE registered_listings SET standard_status = 'K', cancellation_date = $1, modified_on = now(), version = version + 1
       WHERE standard_status = 'A' AND expiration_date < $2 AND promoted_mls_id IS NULL AND cancellation_date IS NULL
       RETURNING id`,
      [today, cutoff],
    );
    await q.query(
      `INSERT INTO registered_job_runs (job, last_run_on) VALUES ($1, $2)
       ON CONFLICT (job) DO UPDATE SET last_run_on = EXCLUDED.last_run_on`,
      [JOB, today],
    );
    return expired.length;
  });
}

/** An in-process scheduler (no job queue is installed): checks hourly, the lock keeps it to one instance a day. */
export function scheduleDailyExpiry(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    runDailyExpiry(app.db).catch((error) => app.log.error({ err: error }, 'registered listing expiry failed'));
  };
  app.addHook('onReady', async () => {
    if (process.env.REGISTERED_EXPIRY_JOB === 'off') return;
    timer = setInterval(tick, CHECK_EVERY_MS);
    timer.unref();
    setTimeout(tick, 5_000).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
