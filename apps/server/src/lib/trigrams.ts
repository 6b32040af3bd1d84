/**
 * The trigrams pg_trgm looks up for a contains-pattern, and the parts of a text worth looking up.
 *
 * A trigram index answers `column ILIKE '%text%'` by intersecting the entries of every trigram of the text. A
 * trigram found in most rows (every listing id of 2026 starts 'AA26') has an entry as long as the table, and the
 * index reads all of it: a listing-id search cost 4-9 ms over 1,000,000 listings where its digits alone cost 0.6
 * ms. `indexParts` names the runs of a text's rare trigrams; the caller looks those up in the index and tests the
 * whole text on the rows found (docs/decisions/0205).
 */

/** pg_trgm's words: runs of letters and digits, compared in lower case. */
const WORD = /[\p{L}\p{N}]+/gu;

const trigramsOf = (s: string) => Array.from({ length: Math.max(0, s.length - 2) }, (_, i) => s.slice(i, i + 3));

/**
 * The trigrams pg_trgm extracts from `'%' || text || '%'`: a word that a space (not the wildcard) bounds is padded
 * with two blanks before and one after, as in the index's entries.
 */
export function patternTrigrams(text: string): Set<string> {
  const lower = text.toLowerCase();
  const out = new Set<string>();
  for (const m of lower.matchAll(WORD)) {
    const start = m.index ?? 0;
    const padded = `${start > 0 ? '  ' : ''}${m[0]}${start + m[0].length < lower.length ? ' ' : ''}`;
    for (const t of trigramsOf(padded)) out.add(t);
  }
  return out;
}

/**
 * The parts of `text` to look up in a trigram index instead of the whole: each longest run of its words' trigrams
 * that are all rare (not in `common`). Null when the whole text is as good: none of its trigrams is common, or all
 * of them are (nothing rarer to look up).
 */
export function indexParts(text: string, common: { has(trigram: string): boolean }): string[] | null {
  if (![...patternTrigrams(text)].some((t) => common.has(t))) return null;
  const parts: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const grams = trigramsOf(m[0].toLowerCase());
    let runStart = -1;
    for (let i = 0; i <= grams.length; i++) {
      const rare = i < grams.length && !common.has(grams[i]);
      if (rare && runStart < 0) runStart = i;
      if (!rare && runStart >= 0) {
        parts.push(m[0].slice(runStart, i + 2));
        runStart = -1;
      }
    }
  }
  return parts.length ? parts : null;
}
