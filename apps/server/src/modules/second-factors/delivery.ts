import type { SecondFactorType } from '@portico/shared';
import type { Config } from '../../config';
import type { Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import { deliverSms, queueSms } from '../../lib/sms';
import { codeMail, codeText } from './codes';

/** The factors that are sent a code (by e-mail or text message); the others make their own (authenticator apps). */
export const CODE_SENT_TYPES: readonly SecondFactorType[] = ['email', 'sms'];

export type CodeDelivery = { channel: 'email' | 'sms'; id: number } | null;

/** Writes the code's e-mail or text to its outbox (an e-mail also to the mail queue), inside the caller's transaction. */
export async function queueCode(
  q: Queryable,
  mailer: Mailer,
  type: SecondFactorType,
  to: string,
  code: string,
  purpose: 'enlist' | 'sign-in',
): Promise<CodeDelivery> {
  if (type === 'email') return { channel: 'email', id: await mailer.queue(q, codeMail(to, code, purpose)) };
  if (type === 'sms') return { channel: 'sms', id: await queueSms(q, codeText(to, code, purpose)) };
  return null;
}

/**
 * Sends a text `queueCode` queued, after its transaction, through the SMS provider when one is configured. An e-mail
 * needs nothing more: the mail queue sends it (decision 0973).
 */
export async function deliverCode(q: Queryable, config: Config, delivery: CodeDelivery): Promise<void> {
  if (delivery?.channel === 'sms') await deliverSms(q, config.sms, delivery.id);
}
