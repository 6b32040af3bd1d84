import { verify } from '@node-rs/argon2';
import {
  formatDateTimeZoned,
  formatRecoveryCode,
  type IssuedStaffRecoveryCode,
  isRecoveryCodeShape,
  STAFF_RECOVERY_MESSAGES as M,
  normalizeRecoveryCode,
  STAFF_RECOVERY_MINUTES,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { hashPassword } from '../../identity/credentials';
import { rowLoader } from '../../lib/guard';
import type { Mailer } from '../../lib/mailer';
import { newRecoveryCode } from '../recovery-codes/index';
import { findRecoveryTarget, insertStaffCode, liveStaffCodes, type RecoveryTargetRow, spendStaffCode, staffNameOf } from './repository';

/** Where the mail sends the member to review their account. */
const SESSIONS_PATH = '/account-settings/security-activity';

/** The guard's row (routes.ts): the member's sign-in account named by the body's loginId (404 when there is none). */
export const recoveryTargetInBody = rowLoader<RecoveryTargetRow, { body: { loginId: string } }>(
  'member account (body loginId)',
  'The account was not found.',
  ({ db, body }) => findRecoveryTarget(db, body.loginId),
);

export interface IssueContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
}

/**
 * Issues a one-time code for the member (issue 32 §4, decision 1132): hashed like the recovery codes, voiding an
 * earlier unused one, with the questions asked and the reason; the member is mailed, and `also` (the security event)
 * is written in the same transaction. Answers the code this once.
 */
export async function issueStaffRecoveryCode(
  ctx: IssueContext,
  target: RecoveryTargetRow,
  byAccountId: number | null,
  request: { questions: string[]; reason: string },
  also?: (q: Queryable) => Promise<void>,
): Promise<IssuedStaffRecoveryCode> {
  const code = newRecoveryCode();
  const hash = await hashPassword(code);
  const questions = [...new Set(request.questions)];
  const issued = await ctx.db.tx(async (q) => {
    const row = await insertStaffCode(q, {
      accountId: target.id,
      hash,
      byAccountId,
      questions,
      reason: request.reason,
      minutes: STAFF_RECOVERY_MINUTES,
    });
    const staff = (await staffNameOf(q, byAccountId))?.name ?? 'staff';
    if (target.email)
      await ctx.mailer.queue(q, {
        to: target.email,
        subject: M.mailSubject,
        text: M.mailText(staff, formatDateTimeZoned(ctx.timeZone, new Date()), `${ctx.publicUrl}${SESSIONS_PATH}`),
      });
    await also?.(q);
    return row;
  });
  return { loginId: target.login_id, code: formatRecoveryCode(code), expiresAt: new Date(issued.expires_at).toISOString() };
}

/** Which live staff-issued code of the account the typed one is, if any. */
export async function matchStaffRecoveryCode(q: Queryable, accountId: number, typed: string): Promise<number | null> {
  if (!isRecoveryCodeShape(typed)) return null;
  const plain = normalizeRecoveryCode(typed);
  const live = await liveStaffCodes(q, accountId);
  const matches = await Promise.all(live.map((r) => verify(r.code_hash, plain).catch(() => false)));
  return live.find((_, i) => matches[i])?.id ?? null;
}

/** Spends a matched code in one transaction with its event; false when another sign-in spent it first or it expired. */
export async function useStaffRecoveryCode(
  db: Db,
  id: number,
  accountId: number,
  also?: (q: Queryable) => Promise<void>,
): Promise<boolean> {
  return db.tx(async (q) => {
    if (!(await spendStaffCode(q, id, accountId))) return false;
    await also?.(q);
    return true;
  });
}
