import type { Queryable } from '../../db/index';

/**
 * Inserts an Incomplete MLS listing copied from the registered listing under the next MLS listing number; null when
 * another writer already used that number for mls_listings.
 */
export async function insertIncompleteMlsListing(q: Queryable, registeredId: number, key: string): Promise<string | null> {
  const row = await q.one<{ mls_listing_id: string }>(
    `INSERT INTO mls_listings (mls_listing_id, aor_id, office_id, list_agent_member_id, standard_status, property_type,
       list_price, listing_contract_date, unparsed_address, city, state_or_province, postal_code, latitude, longitude,
       registered_listing_id, address_key)
     SELECT nextval('mls_listing_number_seq')::text, r.aor_id, r.office_id, r.list_agent_member_id, 'Incomplete',
       r.property_type, r.list_price, r.listing_contract_date, r.unparsed_address, r.city, r.state_or_province,
       r.postal_code, r.latitude, r.longitude, r.id, $2
     FROM registered_listings r WHERE r.id = $1
     ON CONFLICT (mls_listing_id) DO NOTHING
     RETURNING mls_listing_id`,
    [registeredId, key],
  );
  return row?.mls_listing_id ?? null;
}

/** Records on the registered listing that it was sent to MLS (status 'S'), by whom, bumping its version. */
export async function markPromoted(q: Queryable, id: number, mlsId: string, promotedDate: string, memberId: number): Promise<void> {
  await q.query(
    `UPDATE registered_listings SET promoted_mls_id = $1, promoted_date = $2, standard_status = 'S',
       modified_by = $3, modified_on = now(), version = version + 1 WHERE id = $4`,
    [mlsId, promotedDate, memberId, id],
  );
}
