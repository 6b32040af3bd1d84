import type { Db } from '../../db/index';

/** A trigram in more than this share of the listings is common: its index entry is too long to be worth reading. */
export const COMMON_SHARE = 0.1;
/** About this many listings are sampled, which estimates a 10% share within a point. */
const SAMPLE_ROWS = 10_000;
/** Listing ids and addresses change their make-up slowly: the census is taken again after an hour. */
const REFRESH_MS = 60 * 60 * 1000;
/** A census that failed (the database closing under it) is tried again after a minute; the last one stays in use. */
const RETRY_MS = 60 * 1000;

interface Census {
  common: ReadonlySet<string>;
  takenAt: number;
  taking?: Promise<void>;
}

const censuses = new WeakMap<Db, Census>();

/** Counts the trigrams of a sample of the listings' search texts; those in more than COMMON_SHARE are common. */
export async function takeCensus(db: Db): Promise<Set<string>> {
  const size = await db.one<{ n: number }>(
    `SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'registered_listings'::regclass`,
  );
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(size?.n ?? 0, 1));
  const rows = await db.query<{ t: string }>(
    `WITH sample AS (SELECT search_text FROM registered_listings TABLESAMPLE SYSTEM ($1::float8) WHERE standard_status <> 'Z')
     SELECT t FROM sample, unnest(show_trgm(search_text)) AS t
     GROUP BY t HAVING count(*) > $2::float8 * (SELECT count(*) FROM sample)`,
    [percent, COMMON_SHARE],
  );
  return new Set(rows.map((r) => r.t));
}

/**
 * The common trigrams of the database's listings, as last counted; never waits. The first call, and any after an
 * hour, starts a census in the background (one at a time); until it ends the set is what it was (at first empty,
 * so a search looks up its whole text, as it would without the census).
 */
export function commonTrigrams(db: Db, now = Date.now()): ReadonlySet<string> {
  let census = censuses.get(db);
  if (!census) {
    census = { common: new Set(), takenAt: 0 };
    censuses.set(db, census);
  }
  if (!census.taking && now - census.takenAt > REFRESH_MS) {
    const c = census;
    c.taking = takeCensus(db)
      .then((common) => {
        c.common = common;
        c.takenAt = Date.now();
      })
      .catch(() => {
        c.takenAt = Date.now() - REFRESH_MS + RETRY_MS;
      })
      .finally(() => {
        c.taking = undefined;
      });
  }
  return census.common;
}

/** Waits for a census under way: for tests and the bench's warm-up. */
export async function censusTaken(db: Db): Promise<void> {
  await censuses.get(db)?.taking;
}
