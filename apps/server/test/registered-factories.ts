import { addDays, DEFAULT_MLS_TIME_ZONE, type RegisteredListingForm, todayIso } from '@portico/shared';
import type { Db } from '../src/db/index';
import type { BuiltMember } from './factories';

let sequence = 0;

/** A member's MLS id for listings is their agent code; the generic factory leaves it empty. */
export async function giveMlsId(db: Db, member: BuiltMember): Promise<string> {
  const code = member.loginId.toUpperCase();
  await db.query('UPDATE members SET agent_code = $1 WHERE id = $2', [code, member.memberId]);
  return code;
}

/** A complete, valid wizard payload for a list agent. */
export function listingPayload(listAgentMlsId: string, overrides: Partial<RegisteredListingForm> = {}): RegisteredListingForm {
  const today = todayIso(DEFAULT_MLS_TIME_ZONE);
  const n = ++sequence;
  return {
    propertyType: 'Resi',
    listPrice: 750_000 + n,
    listingContractDate: today,
    expirationDate: addDays(today, 90),
    startShowingDate: addDays(today, 7),
    noMarketing: false,
    streetNumber: String(100 + n),
    streetName: 'Test',
    streetSuffix: 'Ave',
    city: 'Huntington Beach',
    countyOrParish: 'Orange',
    stateOrProvince: 'CA',
    postalCode: '92648',
    listAgentMlsId,
    ...overrides,
  };
}

export interface ListingRowOverrides {
  standardStatus?: string;
  expirationDate?: string;
  cancellationDate?: string | null;
  promotedMlsId?: string | null;
  promotedDate?: string | null;
  listingId?: string;
  propertyType?: string;
  unparsedAddress?: string;
  listPrice?: number;
  coListAgent?: BuiltMember;
}

/** Inserts a listing row directly (any status or age), owned by the agent's office and association. */
export async function buildListing(db: Db, agent: BuiltMember, o: ListingRowOverrides = {}): Promise<{ id: number; listingId: string }> {
  const n = ++sequence;
  const today = todayIso(DEFAULT_MLS_TIME_ZONE);
  const listingId = o.listingId ?? `AA${String(90_000_000 + n)}`;
  const code = await giveMlsId(db, agent);
  const coCode = o.coListAgent ? await giveMlsId(db, o.coListAgent) : null;
  const row = await db.one<{ id: number }>(
    `INSERT INTO registered_listings (listing_id, standard_status, expiration_date, cancellation_date, promoted_mls_id,
       promoted_date, listing_contract_date, start_showing_date, property_type, list_price, unparsed_address, street_number,
       street_name, city, state_or_province, postal_code, county_or_parish, list_agent_mls_id, list_agent_member_id,
       co_list_agent_mls_id, co_list_agent_member_id, office_id, aor_id, created_by, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'Factory', 'Huntington Beach', 'CA', '92648', 'Orange',
       $13, $14, $15, $16, $17, $18, $14, $14) RETURNING id`,
    [
      listingId,
      o.standardStatus ?? 'A',
      o.expirationDate ?? addDays(today, 60),
      o.cancellationDate ?? null,
      o.promotedMlsId ?? null,
      o.promotedDate ?? null,
      addDays(today, -5),
      addDays(today, 3),
      o.propertyType ?? 'Resi',
      o.listPrice ?? 500_000 + n,
      o.unparsedAddress ?? `${n} Factory, Huntington Beach, CA 92648`,
      String(n),
      code,
      agent.memberId,
      coCode,
      o.coListAgent?.memberId ?? null,
      agent.officeId,
      agent.aorId,
    ],
  );
  return { id: row!.id, listingId };
}

/** A public-record property; `unitNumber` makes several records share one street address. */
export async function buildPropertyRecord(
  db: Db,
  o: {
    streetNumber: string;
    streetDirPrefix?: string;
    streetName: string;
    streetSuffix?: string;
    unitNumber?: string;
    postalCode?: string;
    city?: string;
    state?: string;
    propertyType?: string;
  },
) {
  const n = ++sequence;
  const state = o.state ?? 'CA';
  const full = [o.streetNumber, o.streetDirPrefix, o.streetName, o.streetSuffix].filter(Boolean).join(' ');
  const city = o.city ?? 'Huntington Beach';
  const postalCode = o.postalCode ?? '92648';
  const upi = `US-TEST-${n}`;
  await db.query(
    `INSERT INTO property_records (upi, street_number, street_name, street_suffix, unit_number, city, state_or_province, postal_code,
       zip4, county, latitude, longitude, property_type, full_street, search_text, street_dir_prefix)
     VALUES ($1, $2, $3, $4, $5, $6, $12, $7, '1234', 'Orange', 33.66, -117.99, $8, $9, $10, $11)`,
    [
      upi,
      o.streetNumber,
      o.streetName,
      o.streetSuffix ?? null,
      o.unitNumber ?? null,
      city,
      postalCode,
      o.propertyType ?? 'Resi',
      full,
      `${full}${o.unitNumber ? ` #${o.unitNumber}` : ''} ${city} ${state} ${postalCode}`,
      o.streetDirPrefix ?? null,
      state,
    ],
  );
  return { upi, full };
}

export async function buildLookupValue(db: Db, lookupType: number, value: string, state = 'CA') {
  await db.query('INSERT INTO lookup_values (lookup_type, value, long_value, state_or_province) VALUES ($1, $2, $3, $4)', [
    lookupType,
    value,
    `${value}, ${state}`,
    state,
  ]);
}
