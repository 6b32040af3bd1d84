import { randomBytes } from 'node:crypto';
import {
  type Enlistment,
  type enlistNewSchema,
  SECOND_FACTOR_MESSAGES as M,
  MAX_SECOND_FACTORS,
  maskEmail,
  maskPhone,
  normalisePhone,
  RESEND_CODE_DEFAULT_S,
  resendAvailableInSeconds,
  type SecondFactorType,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest } from '../../lib/errors';
import { openNullable, sealNullable } from '../../lib/secret-box';
import { CODE_TTL_MINUTES, codeMatches, codeUsable, hashCode, newCode, newTotpSecret, totpQrCode, totpStep } from './codes';
import { CODE_SENT_TYPES, type CodeDelivery, type CodeSenders, queueCode } from './delivery';
import {
  addEnlistmentAttempt,
  addFactor,
  completeEnlistment,
  countEnlistmentsSince,
  countFactors,
  type EnlistmentRow,
  findOpenEnlistmentForUpdate,
  hasFactor,
  insertEnlistment,
  lockMember,
  markTotpStepUsed,
  setEnlistmentCode,
  syncMemberDataFactors,
} from './repository';
import { ENLISTABLE_TYPES } from './service';

/** At most this many factors may be started per member and hour: each e-mail factor sends a mail. */
export const ENLISTMENTS_PER_HOUR = 10;

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);
const noEnlistment = () => new AppError('NOT_FOUND', M.noEnlistment, [{ field: 'EnlistmentId', message: M.noEnlistment }]);
const limitReached = () => badRequest(M.limitReached, [{ field: 'type', message: M.limitReached }]);

/** Where a code went, as the screen shows it: a masked address or phone number. */
const sentTo = (type: SecondFactorType, value: string) => (type === 'email' ? maskEmail(value) : type === 'sms' ? maskPhone(value) : null);

/** A new code for an e-mail or SMS factor being added, mailed or texted; the previous one stops working. */
async function sendCode(
  q: Queryable,
  senders: CodeSenders,
  enlistmentId: string,
  type: SecondFactorType,
  to: string,
  now: Date,
): Promise<CodeDelivery> {
  const code = newCode();
  await setEnlistmentCode(q, enlistmentId, hashCode(enlistmentId, code), now, minutesFrom(now, CODE_TTL_MINUTES));
  return queueCode(q, senders, type, to, code, 'enlist');
}

/**
 * Starts adding a factor: an e-mail or SMS factor is sent a code; an authenticator app gets a new secret and its QR
 * code. Phone numbers are kept in E.164.
 */
export async function startEnlistment(
  db: Db,
  senders: CodeSenders,
  accountName: string,
  request: z.output<typeof enlistNewSchema>,
): Promise<Enlistment> {
  const { memberId, type } = request;
  const value = type === 'sms' ? (normalisePhone(request.emailPhoneOrName) ?? request.emailPhoneOrName) : request.emailPhoneOrName;
  if (!ENLISTABLE_TYPES.includes(type)) throw badRequest(M.typeUnavailable, [{ field: 'type', message: M.typeUnavailable }]);
  const now = new Date();
  const id = randomBytes(16).toString('base64url');
  const secret = type === 'totp' ? newTotpSecret() : null;
  await db.tx(async (q) => {
    await lockMember(q, memberId);
    await syncMemberDataFactors(q, memberId);
    if ((await countFactors(q, memberId)) >= MAX_SECOND_FACTORS) throw limitReached();
    if (await hasFactor(q, memberId, type, value))
      throw badRequest(M.alreadyAdded, [{ field: 'emailPhoneOrName', message: M.alreadyAdded }]);
    if ((await countEnlistmentsSince(q, memberId, minutesFrom(now, -60))) >= ENLISTMENTS_PER_HOUR)
      throw new AppError('RATE_LIMITED', M.tooManyEnlistments);
    await insertEnlistment(q, {
      id,
      memberId,
      type,
      value,
      sealedSecret: sealNullable(secret),
      expiresAt: minutesFrom(now, CODE_TTL_MINUTES),
      createdOn: now,
    });
    if (CODE_SENT_TYPES.includes(type)) await sendCode(q, senders, id, type, value, now);
  });
  return {
    success: true,
    enlistmentId: id,
    type,
    qrCodeUrl: secret ? await totpQrCode(accountName, secret) : null,
    secret,
    sentTo: sentTo(type, value),
    canResendCodeInSec: CODE_SENT_TYPES.includes(type) ? RESEND_CODE_DEFAULT_S : 0,
    failureReason: null,
  };
}

async function lockedEnlistment(q: Queryable, memberId: number, enlistmentId: string): Promise<EnlistmentRow> {
  const row = await findOpenEnlistmentForUpdate(q, memberId, enlistmentId);
  if (!row) throw noEnlistment();
  return { ...row, secret: openNullable(row.secret) };
}

/**
 * Checks the code of an enlistment and, when right, adds the factor at the end of the member's list. A wrong code
 * counts as an attempt (kept even though the call fails); an expired or spent enlistment adds nothing.
 */
export async function verifyEnlistment(
  db: Db,
  memberId: number,
  enlistmentId: string,
  code: string,
  /** The security event (decision 1130), in the same transaction. */
  also?: (q: Queryable) => Promise<void>,
): Promise<number> {
  const outcome = await db.tx(async (q) => {
    const row = await lockedEnlistment(q, memberId, enlistmentId);
    if (!codeUsable({ expiresAt: row.expires_at, attempts: row.attempts })) throw noEnlistment();
    const step = row.type === 'totp' && row.secret ? totpStep(code, row.secret) : null;
    const isRight = row.type === 'totp' ? step !== null : codeMatches(row.id, code, row.code_hash);
    if (!isRight) {
      await addEnlistmentAttempt(q, row.id);
      return { wrong: true } as const;
    }
    await syncMemberDataFactors(q, memberId);
    if ((await countFactors(q, memberId)) >= MAX_SECOND_FACTORS) throw limitReached();
    if (await hasFactor(q, memberId, row.type, row.value)) throw badRequest(M.alreadyAdded);
    const factorId = await addFactor(q, { memberId, type: row.type, value: row.value, secret: row.secret });
    if (step !== null) await markTotpStepUsed(q, factorId, step);
    await completeEnlistment(q, row.id);
    await also?.(q);
    return { wrong: false, factorId } as const;
  });
  if (outcome.wrong) throw badRequest(M.codeWrong, [{ field: 'SuppliedCode', message: M.codeWrong }]);
  return outcome.factorId;
}

/** Sends a new code to an e-mail or SMS factor being added, no sooner than the resend wait after the last one. */
export async function resendEnlistmentCode(db: Db, senders: CodeSenders, memberId: number, enlistmentId: string): Promise<Enlistment> {
  const now = new Date();
  const row = await db.tx(async (q) => {
    const row = await lockedEnlistment(q, memberId, enlistmentId);
    if (!CODE_SENT_TYPES.includes(row.type)) throw badRequest(M.nothingToResend, [{ field: 'EnlistmentId', message: M.nothingToResend }]);
    const wait = row.code_sent_on ? resendAvailableInSeconds(row.code_sent_on, now) : 0;
    if (wait > 0) throw new AppError('RATE_LIMITED', M.resendWait(wait));
    await sendCode(q, senders, row.id, row.type, row.value, now);
    return row;
  });
  return {
    success: true,
    enlistmentId: row.id,
    type: row.type,
    qrCodeUrl: null,
    secret: null,
    sentTo: sentTo(row.type, row.value),
    canResendCodeInSec: RESEND_CODE_DEFAULT_S,
    failureReason: null,
  };
}
