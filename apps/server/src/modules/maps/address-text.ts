/**
 * What a member typed in the address type-ahead, as words, and the one word the search starts from (decision 0203).
 *
 * The matching rule: every typed word must be a whole word of the address (house number, direction, street name,
 * suffix, unit, city, state, ZIP), except the last, which may be the start of one, since the member is still typing
 * it. Word order is free. Words are letters and digits; anything else separates them.
 */

/** Punctuation that separates words in the stored search text too (migration 0211 turns it into spaces). */
export const WORD_SEPARATORS = `#,.;:'"/()&-`;

/** At most this many words count; the rest of a very long text is ignored. */
const MAX_WORDS = 6;
/** A name word shorter than this is a weaker start than a house number being typed (`st 12`: start from 12). */
const MIN_NAME_ANCHOR = 3;

/**
 * Where the candidates are read from, always an ordered index range:
 * - `number`: house numbers (and ZIP codes, for five digits or fewer) equal to the word, or starting with it when
 *   it is the last word;
 * - `name`: street names and city names starting with the word.
 */
export interface AddressAnchor {
  kind: 'number' | 'name';
  value: string;
  isExact: boolean;
}

export interface AddressQuery {
  words: string[];
  /** One pattern per word for the search text padded with spaces: ' word ' (whole word) or ' word' (its start). */
  patterns: string[];
  anchor: AddressAnchor;
}

const isDigits = (word: string) => /^\d+$/.test(word);

export function addressWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * The anchor: a complete house number or ZIP (a run of digits followed by another word) is the most selective word
 * there is; otherwise the longest name word; a house number still being typed when no name word is long enough.
 */
function chooseAnchor(words: string[]): AddressAnchor {
  const last = words.length - 1;
  const complete = words.findIndex((w, i) => i < last && isDigits(w));
  if (complete >= 0) return { kind: 'number', value: words[complete], isExact: true };
  const names = words.filter((w) => !isDigits(w));
  const longest = names.reduce<string | null>((best, w) => (best === null || w.length > best.length ? w : best), null);
  if (longest === null || (longest.length < MIN_NAME_ANCHOR && isDigits(words[last])))
    return { kind: 'number', value: words[last], isExact: false };
  return { kind: 'name', value: longest, isExact: false };
}

export function parseAddressText(text: string): AddressQuery | null {
  const words = addressWords(text);
  if (words.length === 0) return null;
  return {
    words,
    patterns: words.map((w, i) => (i < words.length - 1 ? ` ${w} ` : ` ${w}`)),
    anchor: chooseAnchor(words),
  };
}

/** The least string above every string that starts with `prefix`, in byte (C collation) order. */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) return '';
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}
