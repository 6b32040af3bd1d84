import type { Db, Queryable } from '../../db/index';

const LOCK_KEY = 4242200;
/** The listing's association reads `zone` ($3), its own or, without one, the MLS's ($4). */
const IN_ZONE = `COALESCE((SELECT a.time_zone FROM associations a WHERE a.id = r.aor_id), $4) = $3`;

/** A listing whose expiry notice is due, with its list agent's address. */
export interface ExpiryNoticeRow {
  id: number;
  listing_id: string;
  unparsed_address: string;
  expiration_date: string;
  email: string;
  name: string;
}

/**
 * Marks the notice sent on `today` for the registered listings of the associations in `zone` that expire from `today`
 * to `lastDay` and have none yet (and an agent with an e-mail address), and answers them.
 */
export function markExpiryNoticesDue(
  q: Queryable,
  today: string,
  lastDay: string,
  zone: string,
  mlsTimeZone: string,
): Promise<ExpiryNoticeRow[]> {
  return q.query<ExpiryNoticeRow>(
    `UPDATE registered_listings r SET expiry_notice_sent_on = $1
     FROM members m
     WHERE m.id = r.list_agent_member_id AND m.email IS NOT NULL AND r.standard_status = 'A'
       AND r.expiry_notice_sent_on IS NULL AND r.promoted_mls_id IS NULL AND r.cancellation_date IS NULL
       AND r.expiration_date >= $1 AND r.expiration_date <= $2 AND ${IN_ZONE}
     RETURNING r.id, r.listing_id, r.unparsed_address, r.expiration_date, m.email, m.display_name AS name`,
    [today, lastDay, zone, mlsTimeZone],
  );
}

/** The zones of the associations: each one's own, else the MLS's (each zone once). */
export async function associationZones(db: Db, mlsTimeZone: string): Promise<string[]> {
  const rows = await db.query<{ zone: string }>('SELECT DISTINCT COALESCE(time_zone, $1) AS zone FROM associations', [mlsTimeZone]);
  return rows.map((r) => r.zone);
}

/** Takes the expiry job's lock to the end of the transaction if it is free: whether it took it. */
export async function tryLockExpiry(q: Queryable): Promise<boolean> {
  const lock = await q.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [LOCK_KEY]);
  return lock?.ok ?? false;
}

/** The day a job last ran on (its zone's day); null before its first run. */
export async function lastRunOn(q: Queryable, job: string): Promise<string | null> {
  return (await q.one<{ last_run_on: string }>('SELECT last_run_on FROM registered_job_runs WHERE job = $1', [job]))?.last_run_on ?? null;
}

/**
 * Expires (K, cancelled on `today`) the registered listings of the associations in `zone` whose expiration date is
 * before `cutoff` and that were not sent to the MLS, bumping their version: answers how many.
 */
export async function expireListings(q: Queryable, today: string, cutoff: string, zone: string, mlsTimeZone: string): Promise<number> {
  const expired = await q.query<{ id: number }>(
    `UPDATE registered_listings r SET standard_status = 'K', cancellation_date = $1, modified_on = now(), version = version + 1
       WHERE r.standard_status = 'A' AND r.expiration_date < $2 AND r.promoted_mls_id IS NULL AND r.cancellation_date IS NULL
         AND ${IN_ZONE}
       RETURNING r.id`,
    [today, cutoff, zone, mlsTimeZone],
  );
  return expired.length;
}

/** Records that a job ran on `day`. */
export async function recordRun(q: Queryable, job: string, day: string): Promise<void> {
  await q.query(
    `INSERT INTO registered_job_runs (job, last_run_on) VALUES ($1, $2)
       ON CONFLICT (job) DO UPDATE SET last_run_on = EXCLUDED.last_run_on`,
    [job, day],
  );
}
