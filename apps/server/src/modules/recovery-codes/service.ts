import { randomInt } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import {
  formatRecoveryCode,
  type GeneratedRecoveryCodes,
  isRecoveryCodeShape,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  RECOVERY_CODE_MESSAGES,
  type RecoveryCodesState,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { hashPassword } from '../../identity/credentials';
import type { Mailer } from '../../lib/mailer';
import { presentRecoveryCodes } from './presenter';
import { listRecoveryCodes, markRecoveryCodeUsed, memberOfAccount, replaceRecoveryCodes } from './repository';

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

export async function recoveryCodesState(db: Db, memberId: number): Promise<RecoveryCodesState> {
  return presentRecoveryCodes(await listRecoveryCodes(db, memberId));
}

/**
 * A new set of ten, hashed with the password's argon2id parameters (decision 1120) before the transaction, which
 * deletes the old set and writes the new one: the codes are answered this once and never again.
 */
export async function generateRecoveryCodes(
  db: Db,
  memberId: number,
  also?: (q: Queryable) => Promise<void>,
): Promise<GeneratedRecoveryCodes> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(hashPassword));
  const rows = await db.tx(async (q) => {
    await replaceRecoveryCodes(q, memberId, hashes);
    await also?.(q);
    return listRecoveryCodes(q, memberId);
  });
  return { ...presentRecoveryCodes(rows), codes: codes.map(formatRecoveryCode) };
}

/** Which unused code of the account's member the typed one is, if any (every unused hash is compared). */
export async function matchRecoveryCode(q: Queryable, accountId: number, typed: string): Promise<{ id: number; memberId: number } | null> {
  const member = await memberOfAccount(q, accountId);
  if (!member || !isRecoveryCodeShape(typed)) return null;
  const plain = normalizeRecoveryCode(typed);
  const unused = (await listRecoveryCodes(q, member.member_id)).filter((r) => !r.used_on);
  const matches = await Promise.all(unused.map((r) => verify(r.code_hash, plain).catch(() => false)));
  const found = unused.find((_, i) => matches[i]);
  return found ? { id: found.id, memberId: member.member_id } : null;
}

/**
 * Spends the matched code and mails the member that it was used, with how many are left, in one transaction.
 * Answers the count left, or null when another sign-in spent the code first.
 */
export async function spendRecoveryCode(
  db: Db,
  mailer: Mailer,
  match: { id: number; memberId: number },
  accountId: number,
  settingsUrl: string,
  /** The security event (decision 1130), in the same transaction as the code's use. */
  also?: (q: Queryable) => Promise<void>,
): Promise<number | null> {
  return db.tx(async (q) => {
    if (!(await markRecoveryCodeUsed(q, match.id))) return null;
    const left = presentRecoveryCodes(await listRecoveryCodes(q, match.memberId)).remaining;
    await also?.(q);
    const member = await memberOfAccount(q, accountId);
    if (member?.email) {
      const when = new Date().toUTCString();
      await mailer.queue(q, {
        to: member.email,
        subject: RECOVERY_CODE_MESSAGES.usedMailSubject,
        text: RECOVERY_CODE_MESSAGES.usedMailText(when, left, settingsUrl),
      });
    }
    return left;
  });
}
