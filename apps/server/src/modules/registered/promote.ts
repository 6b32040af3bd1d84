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
import { insertIncompleteMlsListing, markPromoted } from './promote-repository';
import { findVisible } from './repository';
import { readOnlyFacts } from './service';

/** A new MLS listing number; skips numbers another writer already used for mls_listings. */
async function newIncompleteMlsListing(q: Queryable, registeredId: number, key: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const mlsId = await insertIncompleteMlsListing(q, registeredId, key);
    if (mlsId !== null) return mlsId;
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
    const mlsId = await newIncompleteMlsListing(q, id, addressKey(row.unparsed_address, row.postal_code) ?? '');
    await markPromoted(q, id, mlsId, today, viewer.memberId);
    return { id, promotedMlsId: mlsId, promotedDate: today };
  });
}
