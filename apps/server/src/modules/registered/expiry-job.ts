import { addDays, formatDateUs, REGISTERED, todayIn } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import type { JobDefinition } from '../../plugins/jobs';
import { associationZones, expireListings, lastRunOn, markExpiryNoticesDue, recordRun, tryLockExpiry } from './expiry-repository';

const JOB = 'registered-expiry';

/** E-mails each list agent once, 10 days (or fewer, after a missed day) before a registered listing expires. */
async function sendExpiryNotices(q: Queryable, mailer: Mailer, today: string, zone: string, mlsTimeZone: string): Promise<number> {
  const due = await markExpiryNoticesDue(q, today, addDays(today, REGISTERED.expiryNoticeDaysBefore), zone, mlsTimeZone);
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
  return [...new Set([mlsTimeZone, ...(await associationZones(db, mlsTimeZone))])];
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
    if (!(await tryLockExpiry(q))) return null;
    const last = await lastRunOn(q, job);
    if (last !== null && last >= today) return null;
    const cutoff = addDays(today, -REGISTERED.readOnlyDaysAfterExpiration);
    const expired = await expireListings(q, today, cutoff, zone, mlsTimeZone);
    await sendExpiryNotices(q, mailer, today, zone, mlsTimeZone);
    await recordRun(q, job, today);
    return expired;
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
