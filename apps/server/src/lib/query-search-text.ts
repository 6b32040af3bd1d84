import type { ParsedQuery } from '@portico/shared';
import { containsPattern } from './like';

/**
 * A stored column joining several text fields with a line break: one text Contains-searched in all of them
 * becomes one condition on the column (docs/decisions/0205).
 */
export interface SearchTextSpec {
  fields: string[];
  sql: string;
  /**
   * The parts of a text to look up in the column's trigram index instead of the whole (lib/trigrams.ts), or null
   * for the whole. With parts, the index finds the rows holding every part and the whole text is tested on them.
   */
  indexParts?: (text: string) => string[] | null;
  /**
   * The column is stored in lower case: texts are lower-cased here and tested with LIKE, which costs less than half
   * of ILIKE on every row tested (ILIKE lower-cases the row's text on each test).
   */
  lowered?: boolean;
}

/** The criteria that `searchText` turns into one condition, when they are exactly one Contains text per field. */
export function mergedSearchText(search: SearchTextSpec | undefined, criteria: ParsedQuery['criteria']) {
  if (!search) return null;
  const fields = search.fields.map((f) => f.toLowerCase());
  const hits = criteria.flatMap((c, index) => (fields.includes(c.field.toLowerCase()) ? [{ c, index }] : []));
  const texts = new Set(hits.map(({ c }) => String(c.values[0] ?? '')));
  const distinct = new Set(hits.map(({ c }) => c.field.toLowerCase()));
  const exact = hits.every(({ c }) => c.op === 'Contains' && c.values.length === 1 && c.values[0] !== null);
  if (!exact || texts.size !== 1 || distinct.size !== fields.length || hits.length !== fields.length) return null;
  return { search, text: [...texts][0], indices: new Set(hits.map((h) => h.index)) };
}

/**
 * The condition on the joined column: the whole text, or its index parts (each a pattern the index serves) and the
 * whole text on an expression no index matches (`|| ''`), so that the plan reads the index for the parts only.
 */
export function searchTextCondition({ search, text }: { search: SearchTextSpec; text: string }, add: (value: unknown) => string): string {
  const like = search.lowered ? 'LIKE' : 'ILIKE';
  const pattern = (t: string) => add(containsPattern(search.lowered ? t.toLowerCase() : t));
  const parts = search.indexParts?.(text);
  if (!parts) return `${search.sql} ${like} ${pattern(text)}`;
  const lookups = parts.map((p) => `${search.sql} ${like} ${pattern(p)}`);
  return [...lookups, `(${search.sql} || '') ${like} ${pattern(text)}`].join(' AND ');
}
