import type { SecondFactorType } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import type { Texter } from '../../lib/sms';
import { codeMail, codeText } from './codes';

/** The factors that are sent a code (by e-mail or text message); the others make their own (authenticator apps). */
export const CODE_SENT_TYPES: readonly SecondFactorType[] = ['email', 'sms'];

export type CodeDelivery = { channel: 'email' | 'sms'; id: number } | null;

/** What sends codes: the app's mailer and texter (plugins/mail.ts, plugins/sms.ts). */
export interface CodeSenders {
  mailer: Mailer;
  texter: Texter;
}

/**
 * Writes the code's e-mail or text to its outbox and, when it goes out through SMTP or an SMS provider, to its queue,
 * inside the caller's transaction: the queue sends it once the transaction commits (decisions 0973 and 0991).
 */
export async function queueCode(
  q: Queryable,
  { mailer, texter }: CodeSenders,
  type: SecondFactorType,
  to: string,
  code: string,
  purpose: 'enlist' | 'sign-in',
): Promise<CodeDelivery> {
  if (type === 'email') return { channel: 'email', id: await mailer.queue(q, codeMail(to, code, purpose)) };
  if (type === 'sms') return { channel: 'sms', id: await texter.queue(q, codeText(to, code, purpose)) };
  return null;
}
