import { REGISTERED } from '@portico/shared';
import type { Queryable } from '../db/index';
import { type Place, placesInState } from '../modules/maps/index';
import { DEMO_ASSOCIATIONS } from './associations';
import type { Rng } from './random';

export const STREET_NAMES = [
  'Ocean',
  'Main',
  'Pacific',
  'Harbor',
  'Sunset',
  'Palm',
  'Oak',
  'Maple',
  'Cedar',
  'Magnolia',
  'Beach',
  'Bolsa',
  'Garfield',
  'Adams',
  'Lincoln',
  'Springdale',
  'Orange',
  'Lake',
  'Bayou',
  'Cypress',
  'Willow',
  'Vista',
  'Canyon',
  'Mesa',
] as const;
export const SUFFIXES = ['St', 'Ave', 'Blvd', 'Dr', 'Ln', 'Way', 'Ct', 'Pl'] as const;
export const DIRECTIONS = [null, null, null, 'N', 'S', 'E', 'W'] as const;
export const RECORD_TYPES = ['Resi', 'Resi', 'Resi', 'Resi', 'Land', 'Rinc', 'Rlse', 'Comm'] as const;

export interface SeededProperty {
  upi: string;
  streetNumber: string;
  streetDirPrefix: string | null;
  streetName: string;
  streetSuffix: string;
  unitNumber: string | null;
  city: string;
  state: string;
  postalCode: string;
  zip4: string;
  county: string;
  latitude: number;
  longitude: number;
  propertyType: string;
}

/** Lookup values (8 city, 3 county) for every California and Louisiana place of the data package. */
export async function seedLookupValues(q: Queryable): Promise<void> {
  for (const state of ['CA', 'LA'] as const) {
    const places = placesInState(state);
    const cities = [...new Set(places.map((p) => p.city))].map((city) => ({
      t: REGISTERED.lookupTypeCity,
      v: city,
      l: `${city}, ${state}`,
      s: state,
    }));
    const kind = state === 'LA' ? 'Parish' : 'County';
    const counties = [...new Set(places.map((p) => p.county).filter(Boolean))].map((county) => ({
      t: REGISTERED.lookupTypeCounty,
      v: county,
      l: `${county} ${kind}, ${state}`,
      s: state,
    }));
    await q.query(
      `INSERT INTO lookup_values (lookup_type, value, long_value, state_or_province)
       SELECT t, v, l, s FROM json_to_recordset($1::json) AS x(t int, v text, l text, s text) ON CONFLICT DO NOTHING`,
      [JSON.stringify([...cities, ...counties])],
    );
  }
}

/** The ZIP places of an association's cities (at most `perCity` per city); ND and SB are in Louisiana. */
export function placesOfAssociation(a: (typeof DEMO_ASSOCIATIONS)[number], perCity = Number.POSITIVE_INFINITY): Place[] {
  const inState = placesInState(['ND', 'SB'].includes(a.code) ? 'LA' : 'CA');
  return a.cities.flatMap((city) => inState.filter((p) => p.city.toLowerCase() === city.toLowerCase()).slice(0, perCity));
}

function placesOfDemoCities(): Place[] {
  return DEMO_ASSOCIATIONS.flatMap((a) => placesOfAssociation(a, 3));
}

/** Public-record properties on the streets of the demo cities; some buildings have several units. */
export async function seedPropertyRecords(q: Queryable, rng: Rng): Promise<SeededProperty[]> {
  const properties: SeededProperty[] = [];
  let n = 0;
  for (const place of placesOfDemoCities()) {
    for (let i = 0; i < 24; i++) {
      const streetName = rng.pick(STREET_NAMES);
      const streetSuffix = rng.pick(SUFFIXES);
      const streetDirPrefix = rng.pick(DIRECTIONS);
      const streetNumber = String(rng.int(100, 19_999));
      const units = rng.chance(0.08) ? rng.int(2, 4) : 1;
      for (let u = 1; u <= units; u++) {
        n++;
        properties.push({
          upi: `US-${place.postalCode}-${String(n).padStart(7, '0')}`,
          streetNumber,
          streetDirPrefix,
          streetName,
          streetSuffix,
          unitNumber: units > 1 ? String(u) : null,
          city: place.city,
          state: place.stateOrProvince,
          postalCode: place.postalCode,
          zip4: String(rng.int(1000, 9999)),
          county: place.county,
          latitude: Math.round((place.latitude + (rng.next() - 0.5) * 0.04) * 1e6) / 1e6,
          longitude: Math.round((place.longitude + (rng.next() - 0.5) * 0.04) * 1e6) / 1e6,
          propertyType: units > 1 ? 'Rinc' : rng.pick(RECORD_TYPES),
        });
      }
    }
  }
  for (let i = 0; i < properties.length; i += 500) {
    const batch = properties.slice(i, i + 500).map((p) => {
      const full = [p.streetNumber, p.streetDirPrefix, p.streetName, p.streetSuffix].filter(Boolean).join(' ');
      return { ...p, full, search: `${full}${p.unitNumber ? ` #${p.unitNumber}` : ''} ${p.city} ${p.state} ${p.postalCode}` };
    });
    await q.query(
      `INSERT INTO property_records (upi, street_number, street_dir_prefix, street_name, street_suffix, unit_number, city,
         state_or_province, postal_code, zip4, county, latitude, longitude, property_type, full_street, search_text)
       SELECT "upi", "streetNumber", "streetDirPrefix", "streetName", "streetSuffix", "unitNumber", "city", "state",
         "postalCode", "zip4", "county", "latitude", "longitude", "propertyType", "full", "search"
       FROM json_to_recordset($1::json) AS x("upi" text, "streetNumber" text, "streetDirPrefix" text, "streetName" text,
         "streetSuffix" text, "unitNumber" text, "city" text, "state" text, "postalCode" text, "zip4" text, "county" text,
         "latitude" float8, "longitude" float8, "propertyType" text, "full" text, "search" text)`,
      [JSON.stringify(batch)],
    );
  }
  return properties;
}
