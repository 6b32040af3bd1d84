import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import { insertCreatePasswordToken } from './repository';

/** How long a Create Password link works: a week, since a new member may not read it the same hour. */
export const CREATE_PASSWORD_TTL_DAYS = 7;

export interface NewAccount {
  accountId: number;
  loginId: string;
  email: string | null;
  firstName: string;
}

/**
 * The seed's 'Create Password' mail for a member the feed created (or staff's resend): a one-time link to
 * `/password-reset/{token}?isNew=true`, the reset screen's new-member mode. Queued in the caller's transaction (the
 * mail queue sends it once that commits, decision 0973). Answers the outbox row, or null for a member without an e-mail address.
 */
export async function queueCreatePassword(
  q: Queryable,
  mail: { publicUrl: string; mailer: Mailer },
  a: NewAccount,
): Promise<number | null> {
  if (!a.email) return null;
  const token = randomBytes(32).toString('base64url');
  await insertCreatePasswordToken(q, createHash('sha256').update(token).digest('hex'), a.accountId, CREATE_PASSWORD_TTL_DAYS);
  const publicUrl = mail.publicUrl;
  return mail.mailer.queue(q, {
    to: a.email,
    subject: 'Create your member portal password',
    text:
      `Hello ${a.firstName},\n\nYour MLS has given you an account on the member portal, login ID ${a.loginId}. ` +
      `To create your password, open:\n${publicUrl}/password-reset/${token}?isNew=true\n\n` +
      `The link works for ${CREATE_PASSWORD_TTL_DAYS} days. Your MLS staff can send a new one.`,
  });
}
