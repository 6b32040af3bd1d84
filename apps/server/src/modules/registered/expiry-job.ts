import { addDays, formatDateUs, REGISTERED, todayIn } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import type { JobDefinition } from '../../plugins/jobs';

const JOB = 'registered-expiry';
const LOCK_KEY = 4242200;
/** The listing's association reads `zone` ($3), its own or, without one, the MLS's ($4). */
const IN_ZONE = `COALESCE((SELECT a.time_zone FROM associations a WHERE a.id = r.aor_id), $4) = $3`;

/** E-mails each list agent once, 10 days (or fewer, after a missed day) before a registered listing expires. */
async function sendExpiryNotices(q: Queryable, mailer: Mailer, today: string, zone: string, mlsTimeZone: string): Promise<number> {
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
       AND r.expiration_date >= $1 AND r.expiration_date <= $2 AND ${IN_ZONE}
     RETURNING r.id, r.listing_id, r.unparsed_address, r.expiration_date, m.email, m.display_name AS name`,
    [today, addDays(today, REGISTERED.expiryNoticeDaysBefore), zone, mlsTimeZone],
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

/** The zones the associations' days turn in: each association's own, else the MLS's; the MLS's always. */
async function zonesInUse(db: Db, mlsTimeZone: string): Promise<string[]> {
  const rows = await db.query<{ zone: string }>('SELECT DISTINCT COALESCE(time_zone, $1) AS zone FROM associations', [mlsTimeZone]);
  return [...new Set([mlsTimeZone, ...rows.map((r) => r.zone)])];
}

/**
 * One zone's daily run: expires (K, with a cancellation date) the listings of the associations in `zone` still
 * registered whose expiration date is more than 7 days past that zone's today, and sends their notices. Once a day per
 * zone across every instance (an advisory lock plus the zone's day of its last run); null when it already ran.
 */
async function runZone(db: Db, mailer: Mailer, zone: string, mlsTimeZone: string, now: Date): Promise<number | null> {
  const today = todayIn(zone, now);
  const job = zone === mlsTimeZone ? JOB : `${JOB}:${zone}`;
  return db.tx(async (q) => {
    const lock = await q.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [LOCK_KEY]);
    if (!lock?.ok) return null;
    const last = await q.one<{ last_run_on: string }>('SELECT last_run_on FROM registered_job_runs WHERE job = $1', [job]);
    if (last && last.last_run_on >= today) return null;
    const cutoff = addDays(today, -REGISTERED.readOnlyDaysAfterExpiration);
    const expired = await q.query<{ id: number }>(
      `UPDATE registered_listings r SET standard_status = 'K', cancellation_date = $1, modified_on = now(), version = version + 1
       WHERE r.standard_status = 'A' AND r.expiration_date < $2 AND r.promoted_mls_id IS NULL AND r.cancellation_date IS NULL
         AND ${IN_ZONE}
       RETURNING r.id`,
      [today, cutoff, zone, mlsTimeZone],
    );
    await sendExpiryNotices(q, mailer, today, zone, mlsTimeZone);
    await q.query(
      `INSERT INTO registered_job_runs (job, last_run_on) VALUES ($1, $2)
       ON CONFLICT (job) DO UPDATE SET last_run_on = EXCLUDED.last_run_on`,
      [job, today],
    );
    return expired.length;
  });
}

/**
 * The daily expiry (decision 0204), day by day of each association's time zone (decision 0969): a listing expires
 * after midnight of its association's zone, not the server's. Answers how many it expired, or null when no zone's
 * day had turned since its last run (or another instance has it).
 */
export async function runDailyExpiry(db: Db, mailer: Mailer, mlsTimeZone: string, now: Date = new Date()): Promise<number | null> {
  let total: number | null = null;
  for (const zone of await zonesInUse(db, mlsTimeZone)) {
    const expired = await runZone(db, mailer, zone, mlsTimeZone, now);
    if (expired !== null) total = (total ?? 0) + expired;
  }
  return total;
}

/**
 * The run on the job queue (plugins/jobs.ts), every hour at a quarter past: each zone's run keeps to once a day and
 * starts within the hour after that zone's midnight.
 */
export function registeredExpiryJob(mailer: Mailer, mlsTimeZone: string): JobDefinition {
  return {
    name: JOB,
    cron: '15 * * * *',
    runOnStart: true,
    run: async (db) => ({ expired: await runDailyExpiry(db, mailer, mlsTimeZone) }),
  };
}
