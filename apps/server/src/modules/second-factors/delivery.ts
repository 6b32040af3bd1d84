import type { SecondFactorType } from '@portico/shared';
import type { Config } from '../../config';
import type { Queryable } from '../../db/index';
import { deliverMail, queueMail } from '../../lib/mailer';
import { deliverSms, queueSms } from '../../lib/sms';
import { codeMail, codeText } from './codes';

/** The factors that are sent a code (by e-mail or text message); the others make their own (authenticator apps). */
export const CODE_SENT_TYPES: readonly SecondFactorType[] = ['email', 'sms'];

export type CodeDelivery = { channel: 'email' | 'sms'; id: number } | null;

/** Writes the code's e-mail or text to its outbox, inside the caller's transaction. */
export async function queueCode(
  q: Queryable,
  type: SecondFactorType,
  to: string,
  code: string,
  purpose: 'enlist' | 'sign-in',
): Promise<CodeDelivery> {
  if (type === 'email') return { channel: 'email', id: await queueMail(q, codeMail(to, code, purpose)) };
  if (type === 'sms') return { channel: 'sms', id: await queueSms(q, codeText(to, code, purpose)) };
  return null;
}

/** Sends what `queueCode` queued, after its transaction: through SMTP or the SMS provider when configured. */
export async function deliverCode(q: Queryable, config: Config, delivery: CodeDelivery): Promise<void> {
  if (delivery?.channel === 'email') await deliverMail(q, config.smtpUrl, delivery.id);
  if (delivery?.channel === 'sms') await deliverSms(q, config.sms, delivery.id);
}
