import type { SmsConfig } from '../config';
import type { Queryable } from '../db/index';

export interface TextMessage {
  /** E.164, e.g. +17145550142. */
  to: string;
  body: string;
}

/** Writes the text to the outbox (inside the caller's transaction); `deliverSms` sends it when a provider is set. */
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

/** Delivers a queued text through the provider, when one is configured, and records the outcome on its row. */
export async function deliverSms(q: Queryable, sms: SmsConfig | undefined, id: number): Promise<void> {
  if (!sms) return;
  const row = await q.one<{ to_number: string; body_text: string }>('SELECT to_number, body_text FROM outbox_sms WHERE id = $1', [id]);
  if (!row) return;
  const sent = await sendThroughTwilio(sms, { to: row.to_number, body: row.body_text });
  if (sent.ok) await q.query('UPDATE outbox_sms SET sent_on = now(), provider_id = $2, error = NULL WHERE id = $1', [id, sent.providerId]);
  else await q.query('UPDATE outbox_sms SET error = $2 WHERE id = $1', [id, sent.error.slice(0, 500)]);
}
