import type { Queryable } from '../../db/index';
import { type AddressQuery, prefixEnd } from './address-text';

export interface RecordRow {
  upi: string;
  street_number: string;
  street_dir_prefix: string | null;
  street_name: string;
  street_suffix: string | null;
  unit_number: string | null;
  city: string;
  state_or_province: string;
  postal_code: string;
  county: string;
  latitude: number;
  longitude: number;
  full_street: string;
}

const COLUMNS = `upi, street_number, street_dir_prefix, street_name, street_suffix, unit_number, city, state_or_province,
  postal_code, county, latitude, longitude, full_street`;

/** An ordered range of one index (migration 0210): its condition and the key the range is read in. */
interface Branch {
  where: string;
  key: string;
}

const NUMBER_KEY = 'street_number COLLATE "C"';
const STREET_KEY = 'lower(street_name) COLLATE "C"';
const CITY_KEY = 'lower(city) COLLATE "C"';
const ZIP_LENGTH = 5;
const TRIGRAM = 3;

/** The index ranges an anchor reads; `$1` is the anchor's value (or the start of its range), `$2` the range's end. */
function branchesOf(query: AddressQuery): { branches: Branch[]; params: string[] } {
  const { kind, value, isExact } = query.anchor;
  const range = (key: string): Branch => ({ where: `${key} >= $1 AND ${key} < $2`, key });
  if (kind === 'name') return { branches: [range(STREET_KEY), range(CITY_KEY)], params: [value, prefixEnd(value)] };
  const withZip = value.length <= ZIP_LENGTH;
  if (isExact) {
    const exact = [{ where: `${NUMBER_KEY} = $1`, key: NUMBER_KEY }];
    if (value.length === ZIP_LENGTH) exact.push({ where: 'postal_code = $1', key: 'postal_code' });
    return { branches: exact, params: [value] };
  }
  return {
    branches: withZip ? [range(NUMBER_KEY), range('postal_code')] : [range(NUMBER_KEY)],
    params: [value, prefixEnd(value)],
  };
}

/**
 * Every word's pattern must occur in the record's words (`search_words`, migration 0211: the search text lower-cased,
 * punctuation as spaces, padded with a space on each side). `strpos(...) > 0` rather than LIKE: the planner then
 * assumes a third of the rows pass (not 0.5%), so it reads the anchor's range in index order and stops at the limit
 * instead of fetching the whole range.
 */
function wordConditions(query: AddressQuery, first: number): string {
  return query.patterns.map((_, i) => `strpos(search_words, $${first + i}) > 0`).join(' AND ');
}

/** A pattern (' word ' or ' word') as a regular expression: the word starts at a space or the text's start. */
const wordRegex = (pattern: string) => `(^| )${pattern.trim()}${pattern.endsWith(' ') ? '( |$)' : ''}`;

const ORDER = 'street_name, length(street_number), street_number, unit_number NULLS FIRST';

/**
 * The best `limit` public-record addresses for a typed text: each of the anchor's index ranges read in order, every
 * word checked on the way, up to `limit` matches each; those ordered by street, house number and unit. A name
 * anchor that starts no street or city name (a later word of one, `real` in 'Camino Real') falls back to the
 * trigram index with the same rule.
 */
export async function findAddressRecords(
  q: Queryable,
  query: AddressQuery,
  limit: number,
  states: readonly string[] | null = null,
): Promise<RecordRow[]> {
  const { branches, params } = branchesOf(query);
  const inStates = `($${params.length + query.patterns.length + 1}::text[] IS NULL OR state_or_province = ANY($${params.length + query.patterns.length + 1}::text[]))`;
  const words = `${wordConditions(query, params.length + 1)} AND ${inStates}`;
  const union = branches
    .map((b) => `(SELECT ${COLUMNS} FROM property_records WHERE ${b.where} AND ${words} ORDER BY ${b.key} LIMIT ${limit})`)
    .join(' UNION ');
  // A few dozen shapes (anchor kind, word count), each compared by ranges and strpos: one plan serves every text.
  const rows = await q.queryPrepared<RecordRow>(`SELECT * FROM (${union}) r ORDER BY ${ORDER} LIMIT ${limit}`, [
    ...params,
    ...query.patterns,
    states,
  ]);
  // Trigram search needs three characters; a shorter word is only checked on the rows the longer ones find. A word
  // start in a regular expression (`(^| )real`) lets the trigram index use the word's padded first trigram (' re'),
  // where `ILIKE '%real%'` read every row containing 'rea' and 'eal' anywhere.
  const searchable = query.words.flatMap((w, i) => (w.length >= TRIGRAM ? [query.patterns[i]] : []));
  if (rows.length > 0 || query.anchor.kind !== 'name' || searchable.length === 0) return rows;
  return q.query<RecordRow>(
    `SELECT * FROM (
       SELECT ${COLUMNS} FROM property_records
       WHERE ${searchable.map((_, i) => `search_text ~* $${i + 1}`).join(' AND ')} AND ${wordConditions(query, searchable.length + 1)}
         AND ($${searchable.length + query.patterns.length + 1}::text[] IS NULL OR state_or_province = ANY($${searchable.length + query.patterns.length + 1}::text[]))
       LIMIT ${limit}
     ) r ORDER BY ${ORDER} LIMIT ${limit}`,
    // Not prepared: a rare call, planned for its own words (a generic plan cannot judge a pattern's selectivity).
    [...searchable.map(wordRegex), ...query.patterns, states],
  );
}
