import {
  addressKey,
  canSendToMls,
  isRegisteredActionable,
  REGISTERED_MESSAGES as M,
  type PromoteResult,
  ERROR_REASONS as R,
  todayIso,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { scopeOf } from './policy';
import { findVisible } from './repository';
import { readOnlyFacts } from './service';

/** A new MLS listing number; skips numbers another writer already used for mls_listings. */
async function insertIncompleteMlsListing(q: Queryable, registeredId: number, key: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
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
    if (row) return row.mls_listing_id;
  }
  throw conflict(R.registeredSendFailed, M.sendFailed);
}

/**
 * Send to MLS (seed 001 section 4): in one transaction an Incomplete listing appears in the MLS listing data with
 * a new MLS listing id, and the registered listing records promotedDate and promotedMlsId. Irreversible.
 */
export async function promoteListing(db: Db, viewer: Viewer, id: number): Promise<PromoteResult> {
  if (!canSendToMls(viewer)) throw forbidden(M.cannotSendToMls);
  const today = todayIso(viewer.timeZone);
  return db.tx(async (q) => {
    const scope = await scopeOf(q, viewer);
    const row = await findVisible(q, scope, id, true);
    if (!row) throw new AppError('NOT_FOUND', M.notVisible);
    if (row.promoted_mls_id || row.promoted_date) throw conflict(R.registeredAlreadySent, M.alreadySent);
    if (!isRegisteredActionable(readOnlyFacts(row), today)) throw conflict(R.registeredReadOnly, M.readOnly);
    // Keyed as the feed keys its rows, so that the Clear Cooperation watch never waits for a backfill (decision 1160).
    const mlsId = await insertIncompleteMlsListing(q, id, addressKey(row.unparsed_address, row.postal_code) ?? '');
    await q.query(
      `UPDATE registered_listings SET promoted_mls_id = $1, promoted_date = $2, standard_status = 'S',
         modified_by = $3, modified_on = now(), version = version + 1 WHERE id = $4`,
      [mlsId, today, viewer.memberId, id],
    );
    return { id, promotedMlsId: mlsId, promotedDate: today };
  });
}
