import { envelope, type PropertyReport, text } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/index';
import { route } from '../../lib/route';

interface RecordRow {
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
 * The public-record report for '{streetNumber streetName}' in a ZIP code. The street name may carry its suffix
 * ('Main' or 'Main St'). More than one record (units of one building) is not a single match: no property.
 */
export async function propertyReport(q: Queryable, postalCode: string, address: string): Promise<PropertyReport> {
  const [number, ...rest] = address.trim().split(/\s+/);
  const street = rest.join(' ').toLowerCase();
  if (!number || !street) return { propertiesFound: 0, property: null };
  const rows = await q.query<RecordRow>(
    `SELECT upi, county, state_or_province, zip4, street_suffix, full_street, latitude, longitude, property_type
     FROM property_records
     WHERE postal_code = $1 AND lower(street_number) = lower($2)
       AND (lower(street_name) = $3 OR lower(street_name || ' ' || coalesce(street_suffix, '')) = $3
            OR lower(coalesce(street_dir_prefix || ' ', '') || street_name) = $3
            OR lower(coalesce(street_dir_prefix || ' ', '') || street_name || ' ' || coalesce(street_suffix, '')) = $3)
     LIMIT 50`,
    [postalCode, number, street],
  );
  if (rows.length !== 1) return { propertiesFound: rows.length, property: null };
  const r = rows[0];
  return {
    propertiesFound: 1,
    property: {
      county: r.county,
      state: r.state_or_province,
      address: { zip4: r.zip4, streetSuffix: r.street_suffix, full: r.full_street },
      upi: r.upi,
      coordinates: { lat: r.latitude, lon: r.longitude },
      propertyType: r.property_type,
    },
  };
}

export async function propertyReportsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/taxapi/PropertyReport/:postalCode',
    access: 'member',
    summary: 'Public-record property report for an address in a ZIP code; property only when exactly one is found',
    tags: ['property-reports'],
    params: z.object({
      postalCode: z
        .string()
        .trim()
        .regex(/^\d{5}$/, 'Enter a 5-digit Zip Code'),
    }),
    query: z.object({ address: text(200).trim().min(1) }),
    handler: async ({ db, params, query }) => envelope([await propertyReport(db, params.postalCode, query.address)]),
  });
}
