import { verify } from '@node-rs/argon2';
import { type ChangePasswordRequest, PASSWORD_MESSAGES } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { hashPassword } from '../../identity/credentials';
import { endOtherSessions } from '../../identity/sessions';
import { badRequest } from '../../lib/errors';
import {
  clearRequiredPasswordUpdate,
  findPasswordHash,
  insertPasswordHistory,
  recentPasswordHashes,
  setAccountPassword,
} from './repository';

/** How many earlier passwords a new one may not repeat. */
export const PASSWORD_HISTORY_DEPTH = 5;
export const RECENTLY_USED = 'Your new password must not be one of your recently used passwords.';

/**
 * Changes a password after checking the current one; clears a required password update; ends every other session
 * of the member (`keepGrantId`: the grant of the token that asked, decision 0901); one transaction.
 */
export async function changePassword(
  db: Db,
  accountId: number,
  request: ChangePasswordRequest,
  keepGrantId: string | null,
  also?: (q: Queryable) => Promise<void>,
): Promise<void> {
  const account = await findPasswordHash(db, accountId);
  if (!account || !(await verify(account.password_hash, request.password).catch(() => false))) {
    throw badRequest(PASSWORD_MESSAGES.currentWrong, [{ field: 'password', message: PASSWORD_MESSAGES.currentWrong }]);
  }
  await assertNotRecentlyUsed(db, accountId, account.password_hash, request.newPassword, 'newPassword');
  const newHash = await hashPassword(request.newPassword);
  await db.tx(async (q) => {
    await storeNewPassword(q, accountId, account.password_hash, newHash);
    await endOtherSessions(q, accountId, keepGrantId);
    await also?.(q);
  });
}

/** Refuses the current password and the last few as a new one. */
export async function assertNotRecentlyUsed(q: Queryable, accountId: number, currentHash: string, candidate: string, field: string) {
  const history = await recentPasswordHashes(q, accountId, PASSWORD_HISTORY_DEPTH);
  for (const old of [currentHash, ...history.map((h) => h.password_hash)]) {
    if (await verify(old, candidate).catch(() => false)) throw badRequest(RECENTLY_USED, [{ field, message: RECENTLY_USED }]);
  }
}

/** Keeps the old hash in the history, stores the new one, clears a lock-out (permanent too) and a required update. */
export async function storeNewPassword(q: Queryable, accountId: number, oldHash: string, newHash: string): Promise<void> {
  await insertPasswordHistory(q, accountId, oldHash);
  await setAccountPassword(q, accountId, newHash);
  await clearRequiredPasswordUpdate(q, accountId);
}
