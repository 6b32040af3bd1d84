import { describe, expect, it } from 'vitest';
import { allPlaces, searchPlaces } from './places';

/** The rule the index must keep, written the slow way: every place with a key starting with the text. */
const matchesByScan = (text: string) => {
  const t = text.trim().toLowerCase();
  return allPlaces().filter(
    (p) =>
      p.postalCode.startsWith(t) ||
      `${p.city}, ${p.stateOrProvince}`.toLowerCase().startsWith(t) ||
      `${p.city} ${p.postalCode}`.toLowerCase().startsWith(t),
  );
};

describe('ZIP and city places', () => {
  it.each(['92648', '926', 'Huntington Beach', 'huntington beach, c', 'Shreveport 711', 'newp'])(
    'finds the same places as a full scan for %j, each once',
    (text) => {
      const found = searchPlaces(text, 10_000);
      const expected = matchesByScan(text);
      expect(expected.length).toBeGreaterThan(0);
      expect(found.map((p) => p.postalCode).sort()).toEqual(expected.map((p) => p.postalCode).sort());
      expect(new Set(found.map((p) => p.postalCode)).size).toBe(found.length);
    },
  );

  it('stops at the limit and answers nothing for blank text or no match', () => {
    expect(searchPlaces('9', 5)).toHaveLength(5);
    expect(searchPlaces('   ', 5)).toEqual([]);
    expect(searchPlaces('zzzz-no-such-city', 5)).toEqual([]);
    expect(searchPlaces('92648', 0)).toEqual([]);
  });
});
