import type { ResoResource, UserClassMap } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { NO_PASSWORD } from './member-repository';
import type { Checkpoint } from './odata-client';

export interface RunCounts {
  pages: number;
  created: number;
  updated: number;
  deactivated: number;
  rejected: number;
}

export interface FeedRunRow extends RunCounts {
  id: number;
  resource: string;
  started_on: Date;
  finished_on: Date | null;
  error: string | null;
}

export interface CheckpointRow {
  resource: string;
  last_timestamp: string;
  last_key: string;
  updated_on: Date;
}

export interface RejectedRow {
  id: number;
  run_id: number;
  resource: string;
  record_key: string | null;
  reason: string;
  unmapped_value: string | null;
  payload: unknown;
  rejected_on: Date;
}

export async function readCheckpoint(q: Queryable, resource: ResoResource): Promise<Checkpoint | null> {
  const row = await q.one<CheckpointRow>('SELECT last_timestamp, last_key FROM feed_checkpoints WHERE resource = $1', [resource]);
  return row ? { timestamp: row.last_timestamp, key: row.last_key } : null;
}

export async function saveCheckpoint(q: Queryable, resource: ResoResource, at: Checkpoint): Promise<void> {
  await q.query(
    `INSERT INTO feed_checkpoints (resource, last_timestamp, last_key) VALUES ($1, $2, $3)
     ON CONFLICT (resource) DO UPDATE SET last_timestamp = EXCLUDED.last_timestamp, last_key = EXCLUDED.last_key, updated_on = now()`,
    [resource, at.timestamp, at.key],
  );
}

export async function listCheckpoints(q: Queryable): Promise<CheckpointRow[]> {
  return q.query<CheckpointRow>('SELECT resource, last_timestamp, last_key, updated_on FROM feed_checkpoints ORDER BY resource');
}

export async function startRun(q: Queryable, resource: ResoResource): Promise<number> {
  const row = await q.one<{ id: number }>('INSERT INTO feed_runs (resource) VALUES ($1) RETURNING id', [resource]);
  return row!.id;
}

/** The daily reconciliation's run, beside the resources' runs. */
export async function startReconciliationRun(q: Queryable): Promise<number> {
  const run = await q.one<{ id: number }>("INSERT INTO feed_runs (resource) VALUES ('Member reconciliation') RETURNING id");
  return run!.id;
}

/** A page's savepoint (its batch) and a row's (the row-by-row way), inside the page's transaction. */
type Savepoint = 'feed_page' | 'feed_row';

export async function setSavepoint(q: Queryable, name: Savepoint): Promise<void> {
  await q.query(`SAVEPOINT ${name}`);
}

export async function releaseSavepoint(q: Queryable, name: Savepoint): Promise<void> {
  await q.query(`RELEASE SAVEPOINT ${name}`);
}

export async function rollbackToSavepoint(q: Queryable, name: Savepoint): Promise<void> {
  await q.query(`ROLLBACK TO SAVEPOINT ${name}`);
}

/** Adds a committed page's counts to its run (inside the page's transaction). */
export async function addToRun(q: Queryable, runId: number, c: RunCounts): Promise<void> {
  await q.query(
    `UPDATE feed_runs SET pages = pages + $2, created = created + $3, updated = updated + $4, deactivated = deactivated + $5,
       rejected = rejected + $6 WHERE id = $1`,
    [runId, c.pages, c.created, c.updated, c.deactivated, c.rejected],
  );
}

export async function finishRun(q: Queryable, runId: number, error: string | null): Promise<FeedRunRow> {
  const row = await q.one<FeedRunRow>('UPDATE feed_runs SET finished_on = now(), error = $2 WHERE id = $1 RETURNING *', [runId, error]);
  return row!;
}

/** Runs an instance left unfinished when it stopped (one sync runs at a time, so none of these is still going). */
export async function closeInterruptedRuns(q: Queryable, resources: string[]): Promise<void> {
  await q.query(
    `UPDATE feed_runs SET finished_on = now(), error = 'Interrupted: the instance stopped during the run (the next run resumed it)'
     WHERE finished_on IS NULL AND resource = ANY($1::text[])`,
    [resources],
  );
}

/** PORTICO_ADMIN_LOGIN: the feed's member of this login id is MLS staff (decision 0986). */
export async function makeAdmin(q: Queryable, loginId: string): Promise<void> {
  await q.query(
    `UPDATE members SET user_class = 'AS' WHERE lower(login_id) = lower($1) AND member_key IS NOT NULL AND user_class <> 'AS'`,
    [loginId],
  );
}

/** The runs going on now (the live progress), oldest first. */
export async function activeRuns(q: Queryable): Promise<FeedRunRow[]> {
  return q.query<FeedRunRow>('SELECT * FROM feed_runs WHERE finished_on IS NULL ORDER BY id');
}

export interface UnmappedRow {
  unmapped_value: string;
  members: number;
  last_rejected_on: Date;
}

/** The user-class values waiting for staff's mapping, with how many members wait on each. */
export async function listUnmapped(q: Queryable): Promise<UnmappedRow[]> {
  return q.query<UnmappedRow>(
    `SELECT unmapped_value, count(DISTINCT record_key)::int AS members, max(rejected_on) AS last_rejected_on
     FROM feed_rejected_rows WHERE resource = 'Member' AND unmapped_value IS NOT NULL
     GROUP BY unmapped_value ORDER BY count(DISTINCT record_key) DESC, unmapped_value LIMIT 200`,
  );
}

export async function listUserClassMappings(q: Queryable) {
  return q.query<{ field: keyof UserClassMap; value: string; user_class: string }>(
    'SELECT field, value, user_class FROM feed_user_class_map ORDER BY field, value',
  );
}

export async function listRuns(q: Queryable, limit: number): Promise<FeedRunRow[]> {
  return q.query<FeedRunRow>('SELECT * FROM feed_runs ORDER BY id DESC LIMIT $1', [limit]);
}

export async function lastRuns(q: Queryable): Promise<FeedRunRow[]> {
  return q.query<FeedRunRow>('SELECT DISTINCT ON (resource) * FROM feed_runs ORDER BY resource, id DESC');
}

export async function addRejected(
  q: Queryable,
  r: { runId: number; resource: ResoResource; key: string | null; reason: string; unmapped?: string | null; payload: unknown },
): Promise<void> {
  await q.query(
    `INSERT INTO feed_rejected_rows (run_id, resource, record_key, reason, unmapped_value, payload) VALUES ($1, $2, $3, $4, $5, $6)`,
    [r.runId, r.resource, r.key, r.reason.slice(0, 2000), r.unmapped ?? null, JSON.stringify(r.payload ?? null)],
  );
}

/** The members rejected for want of this user-class mapping: for each member key, the newest stored row. */
export async function rejectedWaitingOn(q: Queryable, unmapped: string) {
  return q.query<{ record_key: string; payload: unknown }>(
    `SELECT DISTINCT ON (record_key) record_key, payload FROM feed_rejected_rows
     WHERE resource = 'Member' AND unmapped_value = $1 AND record_key IS NOT NULL ORDER BY record_key, id DESC`,
    [unmapped],
  );
}

/** A member's rejections for want of this user-class mapping, once its row is applied. */
export async function deleteRejectedWaitingOn(q: Queryable, recordKey: string, unmapped: string): Promise<void> {
  await q.query("DELETE FROM feed_rejected_rows WHERE resource = 'Member' AND record_key = $1 AND unmapped_value = $2", [
    recordKey,
    unmapped,
  ]);
}

export async function listRejected(q: Queryable, resource: string | undefined, limit: number): Promise<RejectedRow[]> {
  return q.query<RejectedRow>(`SELECT * FROM feed_rejected_rows WHERE ($1::text IS NULL OR resource = $1) ORDER BY id DESC LIMIT $2`, [
    resource ?? null,
    limit,
  ]);
}

/** Staff's user-class mapping (feed_user_class_map), by field. */
export async function readUserClassMap(q: Queryable): Promise<UserClassMap> {
  const rows = await q.query<{ field: keyof UserClassMap; value: string; user_class: string }>(
    'SELECT field, value, user_class FROM feed_user_class_map',
  );
  const map: UserClassMap = { MemberType: {}, MemberMlsSecurityClass: {} };
  for (const r of rows) map[r.field][r.value] = r.user_class;
  return map;
}

export async function saveUserClassMapping(
  q: Queryable,
  field: keyof UserClassMap,
  value: string,
  userClass: string | null,
): Promise<void> {
  if (userClass === null) {
    await q.query('DELETE FROM feed_user_class_map WHERE field = $1 AND value = $2', [field, value]);
    return;
  }
  await q.query(
    `INSERT INTO feed_user_class_map (field, value, user_class) VALUES ($1, $2, $3)
     ON CONFLICT (field, value) DO UPDATE SET user_class = EXCLUDED.user_class`,
    [field, value, userClass],
  );
}

export async function userClassExists(q: Queryable, code: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM user_classes WHERE code = $1', [code]));
}

/** An active member's account that still has the feed's no-password marker and an e-mail address. */
export async function findPasswordlessMember(q: Queryable, loginId: string) {
  const row = await q.one<{ account_id: number; login_id: string; email: string; first_name: string }>(
    `SELECT a.id AS account_id, a.login_id, m.email, m.first_name FROM accounts a JOIN members m ON m.id = a.member_id
     WHERE lower(a.login_id) = lower($1) AND a.password_hash = $2 AND a.deactivated_on IS NULL AND m.email IS NOT NULL`,
    [loginId, NO_PASSWORD],
  );
  return row ? { accountId: row.account_id, loginId: row.login_id, email: row.email, firstName: row.first_name } : null;
}

/** A Create Password link's token (its SHA-256), valid for so many days. */
export async function insertCreatePasswordToken(q: Queryable, tokenHash: string, accountId: number, days: number): Promise<void> {
  await q.query(
    `INSERT INTO password_reset_tokens (token_hash, account_id, is_new, expires_at)
     VALUES ($1, $2, true, now() + make_interval(days => $3::int))`,
    [tokenHash, accountId, days],
  );
}
