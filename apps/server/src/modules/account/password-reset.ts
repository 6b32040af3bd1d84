import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_MESSAGES, type ResetPasswordRequest } from '@portico/shared';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/index';
import { hashPassword } from '../../identity/credentials';
import { endOtherSessions } from '../../identity/sessions';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { findValidResetToken, insertResetToken, lockResetCandidate, lockValidResetToken, spendResetTokens } from './repository';
import { assertNotRecentlyUsed, storeNewPassword } from './service';

export const RESET_TOKEN_TTL_MINUTES = 60;
/** Links an hour per account, from all addresses together (each address is limited first: lib/rate-limit.ts). */
export const RESET_REQUESTS_PER_HOUR = 6;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidToken = () => new AppError('BAD_REQUEST', 'Invalid Password Token', [{ field: 'Token', message: 'Invalid Password Token' }]);

/**
 * Sends a reset link when the login id exists and has an e-mail address; answers the same either way so that
 * nobody learns which login ids exist. At most RESET_REQUESTS_PER_HOUR links an hour per account. A lock-out does not
 * stop it: the mail is the locked-out member's way back in (decision 0900).
 */
export async function requestPasswordReset(db: Db, config: Config, mailer: Mailer, loginId: string): Promise<void> {
  await db.tx(async (q) => {
    const account = await lockResetCandidate(q, loginId);
    if (!account?.email || account.recent >= RESET_REQUESTS_PER_HOUR) return;
    const token = randomBytes(32).toString('base64url');
    await insertResetToken(q, hashToken(token), account.id, RESET_TOKEN_TTL_MINUTES);
    const link = `${config.publicUrl}/password-reset/${token}`;
    await mailer.queue(q, {
      to: account.email,
      subject: 'Reset your member portal password',
      text: `Hello ${account.first_name ?? ''},\n\nSomeone asked to reset the password of login ID ${loginId}. To choose a new password, open:\n${link}\n\nThe link works for ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask, ignore this message.`,
    });
  });
}

export async function validateResetToken(db: Db, token: string): Promise<{ memberLoginId: string; isNew: boolean }> {
  const row = await findValidResetToken(db, hashToken(token));
  if (!row) throw invalidToken();
  return { memberLoginId: row.login_id, isNew: row.is_new };
}

/**
 * Sets the new password and spends the token, in one transaction; a used or expired token changes nothing. Answers the
 * account whose password changed.
 */
export async function resetPassword(
  db: Db,
  request: ResetPasswordRequest,
  also?: (q: Queryable, accountId: number) => Promise<void>,
): Promise<number> {
  const newHash = await hashPassword(request.Password);
  return db.tx(async (q) => {
    const row = await lockValidResetToken(q, hashToken(request.Token));
    if (!row || row.login_id.toLowerCase() !== request.loginId.toLowerCase()) throw invalidToken();
    await assertNotRecentlyUsed(q, row.account_id, row.password_hash, request.Password, 'Password');
    await spendResetTokens(q, row.account_id);
    await storeNewPassword(q, row.account_id, row.password_hash, newHash);
    await endOtherSessions(q, row.account_id, null);
    await also?.(q, row.account_id);
    return row.account_id;
  });
}

export const FORGOT_PASSWORD_ANSWER = PASSWORD_MESSAGES.forgotReceived;
