import type { PropertyReport } from '@portico/shared';
import type { PropertyRecordRow } from './repository';

export const presentPropertyRecord = (r: PropertyRecordRow): NonNullable<PropertyReport['property']> => ({
  county: r.county,
  state: r.state_or_province,
  address: { zip4: r.zip4, streetSuffix: r.street_suffix, full: r.full_street },
  upi: r.upi,
  coordinates: { lat: r.latitude, lon: r.longitude },
  propertyType: r.property_type,
});
