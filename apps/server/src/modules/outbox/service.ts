import type { Queryable } from '../../db/index';
import { newestOutboxMails, newestOutboxTexts } from './repository';

/** The outbox page's messages: the 50 newest e-mails and (with `withTexts`) text messages, narrowed to `text` if given. */
export async function outboxMessages(q: Queryable, text: string | undefined, withTexts: boolean) {
  const [mails, texts] = await Promise.all([newestOutboxMails(q, text), withTexts ? newestOutboxTexts(q, text) : []]);
  return { mails, texts };
}
