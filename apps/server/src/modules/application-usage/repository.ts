import type { UsagePeriod } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { COUNTED, IN_FIGURES, LAUNCH_OUTCOME } from './policy';

/** The rollup's rows of the whole MLS (the sum of every association's), read by MLS staff (migration 0998). */
const MLS_ROLLUP = -1;

/**
 * The launches after `after` (an SQL expression of a launch id) up to `$3` (null: all), cut into the periods `$4`
 * (grains) in the zone `$1`, each flagged `used` (not refused) and `first` (the member's first used launch of that
 * application in that period, by id). The fold adds them to the rollup; a read adds the ones not folded yet.
 */
function flaggedLaunches(after: string): string {
  return `
  batch AS (
    SELECT l.id, l.member_id, l.application_id, coalesce(l.aor_id, 0) AS aor_id, l.launched_on,
           ${COUNTED('l.')} AS used
      FROM application_launches l
     WHERE l.id > ${after} AND ($3::bigint IS NULL OR l.id <= $3::bigint) AND l.application_id IS NOT NULL
       AND ${IN_FIGURES('l.')}
  ),
  cut AS (
    SELECT b.*, g.grain, date_trunc(g.grain, b.launched_on AT TIME ZONE $1::text)::date AS period_start
      FROM batch b CROSS JOIN unnest($4::text[]) AS g(grain)
  ),
  flagged AS (
    SELECT c.grain, c.period_start, c.application_id, c.aor_id, c.used,
           c.used AND c.member_id IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM application_launches p
              WHERE p.member_id = c.member_id AND p.application_id = c.application_id
                AND p.launched_on >= (c.period_start::timestamp AT TIME ZONE $1::text)
                AND p.launched_on < ((c.period_start::timestamp + ('1 ' || c.grain)::interval) AT TIME ZONE $1::text)
                AND p.id < c.id AND ${COUNTED('p.')}) AS first
      FROM cut c
  ),
  counted AS (
    SELECT grain, period_start, application_id, aor_id, count(*) FILTER (WHERE used)::int AS launches,
           count(*) FILTER (WHERE first)::int AS members, count(*) FILTER (WHERE NOT used)::int AS refusals
      FROM flagged GROUP BY 1, 2, 3, 4
  )`;
}

/**
 * Where the fold stands, read first in the reader's REPEATABLE READ transaction: the rollup and the log are then read
 * in the same snapshot, and the planner sees the real id (a range of a few rows), not a sub-select it guesses at.
 */
export async function foldedThrough(q: Queryable): Promise<number> {
  await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
  const row = await q.one<{ id: string }>('SELECT coalesce(max(folded_through), 0)::text AS id FROM application_usage_state');
  return Number(row?.id ?? 0);
}

export interface UsageRow {
  period_start: string;
  application_id: number;
  application_name: string;
  launches: number;
  members: number;
  refusals: number;
}

export interface UsageFilter {
  timeZone: string;
  period: UsagePeriod;
  /** First days of the first and last periods, `YYYY-MM-DD`. */
  from: string;
  to: string;
  aorId: number | null;
  applicationId: number | null;
}

/**
 * Launches, distinct members and refusals per period and application: the rollup plus the launches not folded yet,
 * read in the snapshot of `foldedThrough`, so a fold running meanwhile never counts a launch twice or not at all.
 */
export function findUsage(q: Queryable, f: UsageFilter, foldedThrough: number): Promise<UsageRow[]> {
  return q.query<UsageRow>(
    `WITH ${flaggedLaunches('$9::bigint')},
     figures AS (
       SELECT period_start, application_id, launches, members, refusals FROM application_usage
        WHERE grain = $2 AND period_start BETWEEN $5::date AND $6::date
          AND aor_id = coalesce($7::int, ${MLS_ROLLUP}) AND ($8::int IS NULL OR application_id = $8::int)
       UNION ALL
       SELECT period_start, application_id, launches, members, refusals FROM counted
        WHERE period_start BETWEEN $5::date AND $6::date
          AND ($7::int IS NULL OR aor_id = $7::int) AND ($8::int IS NULL OR application_id = $8::int)
     )
     SELECT to_char(f.period_start, 'YYYY-MM-DD') AS period_start, f.application_id, a.name AS application_name,
            sum(f.launches)::int AS launches, sum(f.members)::int AS members, sum(f.refusals)::int AS refusals
       FROM figures f JOIN applications a ON a.id = f.application_id
      GROUP BY f.period_start, f.application_id, a.name
     HAVING sum(f.launches) > 0 OR sum(f.refusals) > 0
      ORDER BY f.period_start, a.name, f.application_id`,
    [f.timeZone, f.period, null, [f.period], f.from, f.to, f.aorId, f.applicationId, foldedThrough],
  );
}

export interface NeverLaunchedRow {
  id: number;
  login_id: string;
  first_name: string;
  last_name: string;
  office_name: string | null;
  association: string | null;
}

// The members who launched since the last fold (a range of the log's primary key, read once), and the never-launched
// members of the scope: a range of one of the two partial indexes of migration 0993 ($1: the association, or none).
const neverLaunched = (aorId: number | null) => `
  WITH recent AS MATERIALIZED (
    SELECT DISTINCT l.member_id FROM application_launches l
     WHERE l.id > $2::bigint AND l.member_id IS NOT NULL AND ${COUNTED('l.')}
  ),
  never AS (
    SELECT m.* FROM members m
     WHERE m.has_portal_access AND m.first_launched_on IS NULL
       ${aorId === null ? 'AND $1::int IS NULL' : 'AND coalesce(m.office_aor_id, m.aor_id) = $1::int'}
       AND m.id NOT IN (SELECT member_id FROM recent)
  )`;

/** Members with portal access in the scope who never launched an application (folded or not), a page in name order. */
export function findNeverLaunched(
  q: Queryable,
  aorId: number | null,
  limit: number,
  offset: number,
  foldedThrough: number,
): Promise<NeverLaunchedRow[]> {
  return q.query<NeverLaunchedRow>(
    `${neverLaunched(aorId)}
     SELECT m.id, m.login_id, m.first_name, m.last_name, o.name AS office_name, a.short_name AS association
       FROM never m
       LEFT JOIN offices o ON o.id = m.office_id
       LEFT JOIN associations a ON a.id = coalesce(m.office_aor_id, m.aor_id)
      ORDER BY m.last_name, m.first_name, m.id
      LIMIT $3 OFFSET $4`,
    [aorId, foldedThrough, limit, offset],
  );
}

/** How many members the never-launched list has in all (its pages' total). */
export async function countNeverLaunched(q: Queryable, aorId: number | null, foldedThrough: number): Promise<number> {
  const row = await q.one<{ n: number }>(`${neverLaunched(aorId)} SELECT count(*)::int AS n FROM never`, [aorId, foldedThrough]);
  return row?.n ?? 0;
}

/**
 * One launch of a tile: one insert, the only row counted as a launch (decision 1010), whichever protocol the tile
 * signs in by (`protocol` says which); the SAML and OIDC endpoints' own rows are their trail, not counted. Answers
 * whether a row was written.
 */
export async function insertTileLaunch(
  q: Queryable,
  memberId: number,
  application: { id: number; sso_protocol: 'link' | 'saml' | 'oidc' },
): Promise<boolean> {
  const rows = await q.query(
    'INSERT INTO application_launches (member_id, application_id, protocol, outcome) VALUES ($1, $2, $3, $4) RETURNING id',
    [memberId, application.id, application.sso_protocol, LAUNCH_OUTCOME],
  );
  return rows.length === 1;
}

export function applicationExists(q: Queryable, applicationId: number) {
  return q.one<{ id: number }>('SELECT id FROM applications WHERE id = $1', [applicationId]);
}

/**
 * The highest launch id below which every launch is committed: under a SHARE lock, which waits for the inserts in
 * flight and holds new ones back for the moment of one index read, no lower id can still appear afterwards.
 */
export function committedLaunchBound(db: Db): Promise<number> {
  return db.tx(async (q) => {
    // Never holds the launches queued behind a long writer for long: the fold tries again at its next run.
    await q.query("SET LOCAL lock_timeout = '2s'");
    await q.query('LOCK TABLE application_launches IN SHARE MODE');
    const row = await q.one<{ id: string | null }>('SELECT max(id)::text AS id FROM application_launches');
    return Number(row?.id ?? 0);
  });
}

/** The fold's place, locked for this transaction; started (or restarted from nothing) in `timeZone`. */
export async function lockFoldState(q: Queryable, timeZone: string): Promise<number> {
  await q.query('INSERT INTO application_usage_state (time_zone) VALUES ($1) ON CONFLICT (id) DO NOTHING', [timeZone]);
  const state = await q.one<{ folded_through: string; time_zone: string }>(
    'SELECT folded_through::text, time_zone FROM application_usage_state WHERE id FOR UPDATE',
  );
  if (state && state.time_zone === timeZone) return Number(state.folded_through);
  // The MLS's time zone changed: the periods were cut elsewhere, so the rollup is made again.
  await q.query('DELETE FROM application_usage');
  await q.query('UPDATE application_usage_state SET folded_through = 0, time_zone = $1 WHERE id', [timeZone]);
  return 0;
}

/** Adds the launches after `after` up to `through` to the rollup and the members' first launches, and moves the fold's place on. */
export async function foldRange(q: Queryable, timeZone: string, after: number, through: number): Promise<void> {
  await q.query(
    `WITH ${flaggedLaunches('$2::bigint')}
     INSERT INTO application_usage (grain, period_start, application_id, aor_id, launches, members, refusals)
     SELECT grain, period_start, application_id, aor_id, launches, members, refusals FROM counted
     UNION ALL
     SELECT grain, period_start, application_id, ${MLS_ROLLUP}, sum(launches), sum(members), sum(refusals) FROM counted
      GROUP BY grain, period_start, application_id
     ON CONFLICT (grain, period_start, application_id, aor_id) DO UPDATE
       SET launches = application_usage.launches + EXCLUDED.launches,
           members = application_usage.members + EXCLUDED.members,
           refusals = application_usage.refusals + EXCLUDED.refusals`,
    [timeZone, after, through, ['day', 'week', 'month']],
  );
  // A member's first launch (the never-launched list is the members without one); a later fold never moves it on.
  await q.query(
    `UPDATE members m SET first_launched_on = f.first
       FROM (SELECT member_id, min(launched_on) AS first FROM application_launches
              WHERE id > $1 AND id <= $2 AND member_id IS NOT NULL AND ${COUNTED('')}
              GROUP BY member_id) f
      WHERE m.id = f.member_id AND (m.first_launched_on IS NULL OR m.first_launched_on > f.first)`,
    [after, through],
  );
  await q.query('UPDATE application_usage_state SET folded_through = $1, folded_on = now() WHERE id', [through]);
}
