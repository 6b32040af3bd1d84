import type { AddressSuggestion } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { likeEscape } from '../lookups/index';
import { searchPlaces } from './places';

/** The maps interface (CONVENTIONS section 1): an address type-ahead, United States only. */
export interface MapsProvider {
  searchAddresses(text: string, options: { country: string; limit: number }): Promise<AddressSuggestion[]>;
}

/** How many matching public-record addresses one type-ahead call reads at most before ordering them. */
const CANDIDATES = 200;

interface RecordRow {
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

/**
 * The embedded gazetteer: seeded public-record addresses first (every word must match), then ZIP and city
 * centroids from the place data package. A hosted provider would implement the same interface.
 */
export function createGazetteer(q: Queryable): MapsProvider {
  return {
    async searchAddresses(text, { country, limit }) {
      if (country !== 'US') return [];
      const words = text
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .slice(0, 6);
      if (words.length === 0) return [];
      const conditions = words.map((_, i) => `search_text ILIKE $${i + 1}`).join(' AND ');
      // At most CANDIDATES matches are read and sorted: a city or a ZIP alone matches thousands of addresses, and
      // the member goes on typing; when fewer match, the answer is exactly the best of all matches.
      const rows = await q.query<RecordRow>(
        `SELECT * FROM (
           SELECT upi, street_number, street_dir_prefix, street_name, street_suffix, unit_number, city, state_or_province,
                  postal_code, county, latitude, longitude, full_street
           FROM property_records WHERE ${conditions} LIMIT ${CANDIDATES}
         ) r
         ORDER BY street_name, length(street_number), street_number, unit_number NULLS FIRST LIMIT ${Math.min(limit, 25)}`,
        words.map((w) => `%${likeEscape(w)}%`),
      );
      const addresses: AddressSuggestion[] = rows.map((r) => ({
        id: `upi:${r.upi}`,
        label: `${r.full_street}${r.unit_number ? ` #${r.unit_number}` : ''}, ${r.city}, ${r.state_or_province} ${r.postal_code}`,
        kind: 'address',
        streetNumber: r.street_number,
        streetDirPrefix: r.street_dir_prefix,
        streetName: r.street_name,
        streetSuffix: r.street_suffix,
        unitNumber: r.unit_number,
        city: r.city,
        stateOrProvince: r.state_or_province,
        postalCode: r.postal_code,
        countyOrParish: r.county,
        country: 'US',
        latitude: r.latitude,
        longitude: r.longitude,
      }));
      const places: AddressSuggestion[] = searchPlaces(text, limit - addresses.length).map((p) => ({
        id: `zip:${p.postalCode}`,
        label: `${p.city}, ${p.stateOrProvince} ${p.postalCode}`,
        kind: 'place',
        streetNumber: null,
        streetDirPrefix: null,
        streetName: null,
        streetSuffix: null,
        unitNumber: null,
        city: p.city,
        stateOrProvince: p.stateOrProvince,
        postalCode: p.postalCode,
        countyOrParish: p.county,
        country: 'US',
        latitude: p.latitude,
        longitude: p.longitude,
      }));
      return [...addresses, ...places].slice(0, limit);
    },
  };
}
