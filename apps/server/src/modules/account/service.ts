import { verify } from '@node-rs/argon2';
import { type ChangePasswordRequest, PASSWORD_MESSAGES } from '@portico/shared';
import type { Db } from '../../db/index';
import { hashPassword } from '../../identity/credentials';
import { badRequest } from '../../lib/errors';

/** How many earlier passwords a new one may not repeat. */
export const PASSWORD_HISTORY_DEPTH = 5;
export const RECENTLY_USED = 'Your new password must not be one of your recently used passwords.';

/** Changes a password after checking the current one; clears a required password update; one transaction. */
export async function changePassword(db: Db, accountId: number, request: ChangePasswordRequest): Promise<void> {
  const account = await db.one<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [accountId]);
  if (!account || !(await verify(account.password_hash, request.password).catch(() => false))) {
    throw badRequest(PASSWORD_MESSAGES.currentWrong, [{ field: 'password', message: PASSWORD_MESSAGES.currentWrong }]);
  }
  const history = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM password_history WHERE account_id = $1 ORDER BY created_on DESC LIMIT $2',
    [accountId, PASSWORD_HISTORY_DEPTH],
  );
  for (const old of [account.password_hash, ...history.map((h) => h.password_hash)]) {
    if (await verify(old, request.newPassword).catch(() => false)) {
      throw badRequest(RECENTLY_USED, [{ field: 'newPassword', message: RECENTLY_USED }]);
    }
  }
  const newHash = await hashPassword(request.newPassword);
  await db.tx(async (q) => {
    await q.query('INSERT INTO password_history (account_id, password_hash) VALUES ($1, $2)', [accountId, account.password_hash]);
    await q.query('UPDATE accounts SET password_hash = $2, password_changed_on = now(), failed_attempts = 0 WHERE id = $1', [accountId, newHash]);
    await q.query('UPDATE members SET required_password_update = false WHERE id = (SELECT member_id FROM accounts WHERE id = $1)', [accountId]);
  });
}
