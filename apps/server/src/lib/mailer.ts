import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db/index';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const MAIL_FROM = process.env.MAIL_FROM ?? 'Portico <no-reply@portal.example-mls.org>';

/** The pg-boss queue that delivers mails through SMTP (decision 0973). */
export const MAIL_QUEUE = 'mail-send';

/**
 * Sends mail for the features: `queue` writes the mail to `outbox_emails` and, when mail goes out through SMTP, a job
 * on the mail queue, both inside the caller's transaction. Without SMTP the outbox is the delivery: the demo's
 * /outbox page lists it. The app's `mailer` (plugins/mail.ts).
 */
export interface Mailer {
  queue(q: Queryable, mail: Mail): Promise<number>;
}

/** Writes the e-mail to the outbox (inside the caller's transaction); answers its id. */
export async function writeOutboxMail(q: Queryable, mail: Mail): Promise<number> {
  const row = await q.one<{ id: number }>(
    'INSERT INTO outbox_emails (to_address, subject, body_text, body_html) VALUES ($1, $2, $3, $4) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.html ?? null],
  );
  return row!.id;
}

const transports = new Map<string, Transporter>();
/** One nodemailer transport per SMTP URL, made on first use. */
export function smtpTransport(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Hands an outbox mail to SMTP and records it sent. A mail already sent is not sent again (a job retried after its
 * worker died past the send); a failure is recorded on the row and thrown, for the queue to retry.
 */
export async function deliverOutboxMail(q: Queryable, smtp: Transporter, id: number): Promise<'sent' | 'already-sent' | 'gone'> {
  const mail = await q.one<{ to_address: string; subject: string; body_text: string; body_html: string | null; sent_on: string | null }>(
    'SELECT to_address, subject, body_text, body_html, sent_on FROM outbox_emails WHERE id = $1',
    [id],
  );
  if (!mail) return 'gone';
  if (mail.sent_on) return 'already-sent';
  try {
    await smtp.sendMail({
      from: MAIL_FROM,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.body_text,
      html: mail.body_html ?? undefined,
    });
  } catch (error) {
    await q.query('UPDATE outbox_emails SET error = $2 WHERE id = $1', [id, String((error as Error).message).slice(0, 500)]);
    throw error;
  }
  await q.query('UPDATE outbox_emails SET sent_on = now(), error = NULL WHERE id = $1', [id]);
  return 'sent';
}
