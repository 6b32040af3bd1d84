import { addDays, formatDateUs, REGISTERED, todayIso } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import type { JobDefinition } from '../../plugins/jobs';

const JOB = 'registered-expiry';
const LOCK_KEY = 4242200;

/** E-mails each list agent once, 10 days (or fewer, after a missed day) before a registered listing expires. */
async function sendExpiryNotices(q: Queryable, mailer: Mailer, today: string): Promise<number> {
  const due = await q.query<{
    id: number;
    listing_id: string;
    unparsed_address: string;
    expiration_date: string;
    email: string;
    name: string;
  }>(
    `UPDATE registered_listings r SET expiry_notice_sent_on = $1
     FROM members m
     WHERE m.id = r.list_agent_member_id AND m.email IS NOT NULL AND r.standard_status = 'A'
       AND r.expiry_notice_sent_on IS NULL AND r.promoted_mls_id IS NULL AND r.cancellation_date IS NULL
       AND r.expiration_date >= $1 AND r.expiration_date <= $2
     RETURNING r.id, r.listing_id, r.unparsed_address, r.expiration_date, m.email, m.display_name AS name`,
    [today, addDays(today, REGISTERED.expiryNoticeDaysBefore)],
  );
  for (const r of due) {
    await mailer.queue(q, {
      to: r.email,
      subject: `Registered listing ${r.listing_id} expires on ${formatDateUs(r.expiration_date)}`,
      text:
        `Hello ${r.name},\n\nYour registered listing agreement ${r.listing_id} (${r.unparsed_address}) expires on ` +
        `${formatDateUs(r.expiration_date)}. To extend it, open it under Registered Listings and change the expiration ` +
        'date, or send it to the MLS before then.\n',
    });
  }
  return due.length;
}

/**
 * Expires (K, with a cancellation date) the listings still registered whose expiration date is more than 7 days
 * past: until then the read-only rule still lets the agent extend the agreement. Runs at most once a day across
 * every instance (an advisory lock plus the day of the last run); answers how many it expired, or null when another
 * instance has it or it already ran today.
 */
export async function runDailyExpiry(db: Db, mailer: Mailer, today = todayIso()): Promise<number | null> {
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
    await sendExpiryNotices(q, mailer, today);
    await q.query(
      `INSERT INTO registered_job_runs (job, last_run_on) VALUES ($1, $2)
       ON CONFLICT (job) DO UPDATE SET last_run_on = EXCLUDED.last_run_on`,
      [JOB, today],
    );
    return expired.length;
  });
}

/** The daily run on the job queue (plugins/jobs.ts), a quarter past midnight; the run itself keeps to once a day. */
export const registeredExpiryJob = (mailer: Mailer): JobDefinition => ({
  name: JOB,
  cron: '15 0 * * *',
  runOnStart: true,
  run: async (db) => ({ expired: await runDailyExpiry(db, mailer) }),
});
