import type { Queryable } from '../../db/index';

export interface OutboxMailRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  created_on: Date;
}
export interface OutboxTextRow {
  to_number: string;
  body_text: string;
  created_on: Date;
}

/** The 50 newest e-mails of the outbox. */
export const newestOutboxMails = (q: Queryable) =>
  q.query<OutboxMailRow>(
    'SELECT id, to_address, subject, body_text, created_on FROM outbox_emails ORDER BY created_on DESC, id DESC LIMIT 50',
  );

/** The 50 newest text messages of the outbox. */
export const newestOutboxTexts = (q: Queryable) =>
  q.query<OutboxTextRow>('SELECT to_number, body_text, created_on FROM outbox_sms ORDER BY created_on DESC, id DESC LIMIT 50');
