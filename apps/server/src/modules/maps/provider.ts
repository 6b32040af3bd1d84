import type { AddressSuggestion } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { parseAddressText } from './address-text';
import { type Place, searchPlaces } from './places';
import { findAddressRecords, type RecordRow } from './repository';

/** The maps interface (CONVENTIONS section 1): an address type-ahead, United States only. */
export interface MapsProvider {
  /** With `states`, only addresses and places in those states (the registered wizard: the MLS's states). */
  searchAddresses(text: string, options: { country: string; limit: number; states?: readonly string[] }): Promise<AddressSuggestion[]>;
}

/** A page of suggestions is short: the wizard shows a few and the member goes on typing. */
const MAX_ADDRESSES = 25;

const fromRecord = (r: RecordRow): AddressSuggestion => ({
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
});

const fromPlace = (p: Place): AddressSuggestion => ({
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
});

/**
 * The embedded gazetteer: seeded public-record addresses first (the word rule of `address-text.ts`), then ZIP and
 * city centroids from the place data package. A hosted provider would implement the same interface.
 */
export function createGazetteer(q: Queryable): MapsProvider {
  return {
    async searchAddresses(text, { country, limit, states }) {
      const query = country === 'US' ? parseAddressText(text) : null;
      if (!query) return [];
      const rows = await findAddressRecords(q, query, Math.min(limit, MAX_ADDRESSES), states ?? null);
      const addresses = rows.map(fromRecord);
      return [...addresses, ...searchPlaces(text, limit - addresses.length, states).map(fromPlace)].slice(0, limit);
    },
  };
}
