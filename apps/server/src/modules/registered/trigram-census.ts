import type { Db } from '../../db/index';

/** A trigram in more than this share of the listings is common: its index entry is too long to be worth reading. */
const COMMON_SHARE = 0.1;
/** About this many listings are sampled, which estimates a 10% share within a point. */
const SAMPLE_ROWS = 10_000;
/** Listing ids and addresses change their make-up slowly: the census is taken again after an hour. */
const REFRESH_MS = 60 * 60 * 1000;
/** A census that failed (the database closing under it) is tried again after a minute; the last one stays in use. */
const RETRY_MS = 60 * 1000;

/** The common trigrams of the listings' search texts, each with the share of the listings holding it. */
export type TrigramCensus = ReadonlyMap<string, number>;

interface Taken {
  census: TrigramCensus;
  takenAt: number;
  taking?: Promise<void>;
}

const taken = new WeakMap<Db, Taken>();

/** Counts the trigrams of a sample of the listings' search texts. */
export async function takeCensus(db: Db): Promise<TrigramCensus> {
  const size = await db.one<{ n: number }>(
    `SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'registered_listings'::regclass`,
  );
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(size?.n ?? 0, 1));
  const rows = await db.query<{ t: string; share: number }>(
    `WITH sample AS (SELECT search_text FROM registered_listings TABLESAMPLE SYSTEM ($1::float8) WHERE standard_status <> 'Z'),
          total AS (SELECT greatest(count(*), 1)::float8 AS n FROM sample)
     SELECT t, count(*) / (SELECT n FROM total) AS share FROM sample, unnest(show_trgm(search_text)) AS t
     GROUP BY t HAVING count(*) > $2::float8 * (SELECT n FROM total)`,
    [percent, COMMON_SHARE],
  );
  return new Map(rows.map((r) => [r.t, Number(r.share)]));
}

/**
 * The database's last census; never waits. The first call, and any after an hour, starts a census in the
 * background (one at a time); until it ends the census is what it was (at first empty: every text is then looked up
 * whole in the index, as without a census).
 */
export function trigramCensus(db: Db): TrigramCensus {
  let t = taken.get(db);
  if (!t) {
    t = { census: new Map(), takenAt: 0 };
    taken.set(db, t);
  }
  if (!t.taking && Date.now() - t.takenAt > REFRESH_MS) {
    const entry = t;
    entry.taking = takeCensus(db)
      .then((census) => {
        entry.census = census;
        entry.takenAt = Date.now();
      })
      .catch(() => {
        entry.takenAt = Date.now() - REFRESH_MS + RETRY_MS;
      })
      .finally(() => {
        entry.taking = undefined;
      });
  }
  return t.census;
}

/** Waits for a census under way: for tests. */
export async function censusTaken(db: Db): Promise<void> {
  await taken.get(db)?.taking;
}
