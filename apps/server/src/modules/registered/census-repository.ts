import type { Queryable } from '../../db/index';

/** A sampled listing's search text (stored in lower case), with its status and association. */
export interface SampledListingRow {
  text: string;
  status: string | null;
  aor_id: number | null;
}

/** The planner's estimate of how many registered listings there are (0 before the table's first analyse). */
export async function estimatedListingCount(q: Queryable): Promise<number> {
  const size = await q.one<{ n: number }>(
    `SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'registered_listings'::regclass`,
  );
  return size?.n ?? 0;
}

/** About `percent` % of the listings (not deleted), sampled row by row (BERNOULLI). */
export function sampleListingTexts(q: Queryable, percent: number): Promise<SampledListingRow[]> {
  return q.query<SampledListingRow>(
    `SELECT search_text AS text, registered_status AS status, aor_id FROM registered_listings TABLESAMPLE BERNOULLI ($1::float8)
     WHERE standard_status <> 'Z'`,
    [percent],
  );
}

/** The trigrams (`show_trgm`) held by more than `share` of the texts, each with how many texts hold it. */
export function commonTrigrams(q: Queryable, texts: string[], share: number): Promise<Array<{ t: string; n: number }>> {
  return q.query<{ t: string; n: number }>(
    `SELECT t, count(*)::int AS n FROM unnest($1::text[]) AS s(text), unnest(show_trgm(s.text)) AS t GROUP BY t
     HAVING count(*) > $2::float8 * cardinality($1::text[])`,
    [texts, share],
  );
}
