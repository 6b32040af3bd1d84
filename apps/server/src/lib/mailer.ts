import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db/index';
import { mails } from './metrics';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const MAIL_FROM = process.env.MAIL_FROM ?? 'Portico <no-reply@portal.example-mls.org>';

let transport: Transporter | null | undefined;
function transportFor(smtpUrl: string | undefined): Transporter | null {
  if (transport === undefined) transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return transport;
}

/**
 * Writes the e-mail to the outbox (inside the caller's transaction), and delivers it through SMTP when
 * SMTP_URL is set. Without SMTP the outbox is the delivery: the demo's /outbox page lists it.
 */
export async function queueMail(q: Queryable, mail: Mail): Promise<number> {
  const row = await q.one<{ id: number }>(
    'INSERT INTO outbox_emails (to_address, subject, body_text, body_html) VALUES ($1, $2, $3, $4) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.html ?? null],
  );
  return row!.id;
}

export async function deliverMail(q: Queryable, smtpUrl: string | undefined, id: number): Promise<void> {
  const smtp = transportFor(smtpUrl);
  if (!smtp) return;
  const mail = await q.one<{ to_address: string; subject: string; body_text: string; body_html: string | null }>(
    'SELECT to_address, subject, body_text, body_html FROM outbox_emails WHERE id = $1',
    [id],
  );
  if (!mail) return;
  try {
    await smtp.sendMail({
      from: MAIL_FROM,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.body_text,
      html: mail.body_html ?? undefined,
    });
    await q.query('UPDATE outbox_emails SET sent_on = now(), error = NULL WHERE id = $1', [id]);
    mails.inc({ outcome: 'sent' });
  } catch (error) {
    mails.inc({ outcome: 'failed' });
    await q.query('UPDATE outbox_emails SET error = $2 WHERE id = $1', [id, String((error as Error).message).slice(0, 500)]);
  }
}
