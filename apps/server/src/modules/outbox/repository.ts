import type { Queryable } from '../../db/index';
import { containsPattern } from '../../lib/like';

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

/** The 50 newest e-mails of the outbox; with `text`, those whose address, subject or body contain it (any case). */
export const newestOutboxMails = (q: Queryable, text?: string) =>
  q.query<OutboxMailRow>(
    `SELECT id, to_address, subject, body_text, created_on FROM outbox_emails
     WHERE $1::text IS NULL OR to_address ILIKE $1 OR subject ILIKE $1 OR body_text ILIKE $1
     ORDER BY created_on DESC, id DESC LIMIT 50`,
    [text ? containsPattern(text) : null],
  );

/** The 50 newest text messages of the outbox; with `text`, those whose number or body contain it. */
export const newestOutboxTexts = (q: Queryable, text?: string) =>
  q.query<OutboxTextRow>(
    `SELECT to_number, body_text, created_on FROM outbox_sms
     WHERE $1::text IS NULL OR to_number ILIKE $1 OR body_text ILIKE $1
     ORDER BY created_on DESC, id DESC LIMIT 50`,
    [text ? containsPattern(text) : null],
  );
