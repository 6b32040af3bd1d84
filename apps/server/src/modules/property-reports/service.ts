import type { PropertyReport } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { presentPropertyRecord } from './presenter';
import { findPropertyRecords } from './repository';

/**
 * The public-record report for '{streetNumber streetName}' in a ZIP code. The street name may carry its suffix
 * ('Main' or 'Main St'). More than one record (units of one building) is not a single match: no property.
 */
export async function propertyReport(q: Queryable, postalCode: string, address: string): Promise<PropertyReport> {
  const [number, ...rest] = address.trim().split(/\s+/);
  const street = rest.join(' ').toLowerCase();
  if (!number || !street) return { propertiesFound: 0, property: null };
  const rows = await findPropertyRecords(q, postalCode, number, street);
  if (rows.length !== 1) return { propertiesFound: rows.length, property: null };
  return { propertiesFound: 1, property: presentPropertyRecord(rows[0]) };
}
