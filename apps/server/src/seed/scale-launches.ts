import { DEFAULT_MLS_TIME_ZONE } from '@portico/shared';
import { foldLaunches } from '../modules/application-usage/index';
import type { ScaleSeeder } from './scale';

const BATCH = 1_000_000;
/** Launches spread over this many days up to now. */
const DAYS = 365;
/** One scale member in five never launches anything (the "never launched" list has something to page through). */
const NEVER_EVERY = 5;

/**
 * Launches of the launcher's applications for the usage figures' benchmark (issue 19 section 4, decision 0990):
 * by four in five scale members, over the last year, popular applications far more often than the rest (weights
 * 1/rank), one in a hundred refused. Every draw is a hash of the row number, so launch k is the same on every
 * machine and after a top-up. The association is written with the row (the trigger would look each member up), then
 * the rollup is folded, as the job would have done while they were recorded.
 */
export const launchesScaleSeeder: ScaleSeeder = {
  option: 'launches',
  benchDefault: 10_000_000,
  description: 'application launches over the last year by scale members (usage figures), then folded into the rollup',
  async run(db, count, log) {
    const existing = Number((await db.one<{ n: string }>('SELECT count(*)::text AS n FROM application_launches'))?.n ?? 0);
    if (existing < count) {
      const members = await db.query<{ id: number; aor_id: number | null }>(
        `SELECT id, coalesce(office_aor_id, aor_id) AS aor_id FROM members
          WHERE login_id ~ '^[A-Z]{2,3}M[0-9]{7}$' AND id % $1 <> 0 ORDER BY id`,
        [NEVER_EVERY],
      );
      const apps = await db.query<{ id: number }>('SELECT id FROM applications WHERE url IS NOT NULL ORDER BY id');
      if (members.length === 0 || apps.length === 0) {
        log('launches: no scale members or applications to launch (seed --members first)');
        return 0;
      }
      // Application of rank r (1-based) appears ceil(24 / r) times: the first few take most launches.
      const wheel = apps.flatMap((a, i) => Array<number>(Math.ceil(24 / (i + 1))).fill(a.id));
      for (let from = existing + 1; from <= count; from += BATCH) {
        const to = Math.min(count, from + BATCH - 1);
        await db.query(
          `WITH k AS (SELECT k, (k::bigint * 2654435761) % 4294967296 AS h FROM generate_series($1::bigint, $2::bigint) AS k),
                drawn AS (SELECT k, h, (h % cardinality($3::int[]))::int + 1 AS m FROM k)
           INSERT INTO application_launches (member_id, application_id, aor_id, protocol, outcome, launched_on)
           SELECT ($3::int[])[m], ($5::int[])[((h / 7919) % cardinality($5::int[]))::int + 1], ($4::int[])[m], 'link',
                  CASE WHEN k % 100 = 0 THEN 'refused-audience' ELSE 'opened' END,
                  now() - make_interval(secs => ((h / 13) % ($6::bigint * 86400))::double precision)
             FROM drawn`,
          [from, to, members.map((m) => m.id), members.map((m) => m.aor_id ?? 0), wheel, DAYS],
        );
        log(`launches: ${to.toLocaleString('en-US')} of ${count.toLocaleString('en-US')}`);
      }
      await db.query('ANALYZE application_launches');
    }
    const started = Date.now();
    const folded = await foldLaunches(db, process.env.MLS_TIME_ZONE || DEFAULT_MLS_TIME_ZONE, Number.MAX_SAFE_INTEGER);
    if (folded > 0)
      log(`launches: ${folded.toLocaleString('en-US')} folded into the rollup in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await db.query('ANALYZE application_usage');
    await db.query('ANALYZE members');
    return Math.max(0, count - existing);
  },
};
