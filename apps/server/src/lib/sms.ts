import type { SmsConfig } from '../config';
import type { Queryable } from '../db/index';

export interface TextMessage {
  /** E.164, e.g. +17145550142. */
  to: string;
  body: string;
}

/** The pg-boss queue that sends texts through the SMS provider, like mail's (decision 0991). */
export const SMS_QUEUE = 'sms-send';

/**
 * Sends texts for the features: `queue` writes the text to `outbox_sms` and, when a provider is configured, a job on
 * the SMS queue, both inside the caller's transaction (the app's `texter`, plugins/sms.ts).
 */
export interface Texter {
  queue(q: Queryable, sms: TextMessage): Promise<number>;
}

/** Writes the text to the outbox (inside the caller's transaction); answers its id. */
export async function queueSms(q: Queryable, sms: TextMessage): Promise<number> {
  const row = await q.one<{ id: number }>('INSERT INTO outbox_sms (to_number, body_text) VALUES ($1, $2) RETURNING id', [sms.to, sms.body]);
  return row!.id;
}

/** The provider's answer: its message id, or why it refused. */
type Sent = { ok: true; providerId: string } | { ok: false; error: string };

/**
 * Twilio's Messages API: `POST {SMS_URL}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded To, From and Body,
 * HTTP basic auth with the account sid and auth token; 201 with the message `sid`, or an error with `message`.
 */
export async function sendThroughTwilio(sms: SmsConfig, message: TextMessage): Promise<Sent> {
  const url = `${sms.url}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ To: message.to, From: sms.from, Body: message.body }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
    if (res.ok && answer.sid) return { ok: true, providerId: answer.sid };
    return { ok: false, error: `${res.status} ${answer.message ?? res.statusText}${answer.code ? ` (code ${answer.code})` : ''}` };
  } catch (error) {
    return { ok: false, error: String((error as Error).message) };
  }
}

/**
 * Hands an outbox text to the provider and records it sent. A text already sent is not sent again (a job retried after
 * its worker died past the send); a refusal is recorded on the row and thrown, for the queue to retry.
 */
export async function deliverSms(q: Queryable, sms: SmsConfig, id: number): Promise<'sent' | 'already-sent' | 'gone'> {
  const row = await q.one<{ to_number: string; body_text: string; sent_on: Date | null }>(
    'SELECT to_number, body_text, sent_on FROM outbox_sms WHERE id = $1',
    [id],
  );
  if (!row) return 'gone';
  if (row.sent_on) return 'already-sent';
  const sent = await sendThroughTwilio(sms, { to: row.to_number, body: row.body_text });
  if (!sent.ok) {
    await q.query('UPDATE outbox_sms SET error = $2 WHERE id = $1', [id, sent.error.slice(0, 500)]);
    throw new Error(`text ${id} not sent: ${sent.error}`);
  }
  await q.query('UPDATE outbox_sms SET sent_on = now(), provider_id = $2, error = NULL WHERE id = $1', [id, sent.providerId]);
  return 'sent';
}
