import type { Queryable } from '../../db/index';

export interface PropertyRecordRow {
  upi: string;
  county: string;
  state_or_province: string;
  zip4: string | null;
  street_suffix: string | null;
  full_street: string;
  latitude: number;
  longitude: number;
  property_type: string | null;
}

/**
 * The public records at a street number and street name in a ZIP code (at most 50). The street name matches with or
 * without its suffix and its direction prefix ('Main', 'Main St', 'N Main St'); `street` is lower case.
 */
export function findPropertyRecords(q: Queryable, postalCode: string, number: string, street: string): Promise<PropertyRecordRow[]> {
  return q.query<PropertyRecordRow>(
    `SELECT upi, county, state_or_province, zip4, street_suffix, full_street, latitude, longitude, property_type
     FROM property_records
     WHERE postal_code = $1 AND lower(street_number) = lower($2)
       AND (lower(street_name) = $3 OR lower(street_name || ' ' || coalesce(street_suffix, '')) = $3
            OR lower(coalesce(street_dir_prefix || ' ', '') || street_name) = $3
            OR lower(coalesce(street_dir_prefix || ' ', '') || street_name || ' ' || coalesce(street_suffix, '')) = $3)
     LIMIT 50`,
    [postalCode, number, street],
  );
}
