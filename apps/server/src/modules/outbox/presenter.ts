import { escapeHtml, page } from '../../identity/html';
import type { OutboxMailRow, OutboxTextRow } from './repository';

/**
 * The demo outbox page: its warning first, a search (`search`: what it is narrowed to), then the e-mails (links live)
 * and the text messages, newest first.
 */
export function outboxPage(mails: OutboxMailRow[], texts: OutboxTextRow[], search?: string): string {
  const textItems = texts
    .map(
      (t) => `<li><p>To ${escapeHtml(t.to_number)} · ${t.created_on.toISOString()}</p><p class="sms">${escapeHtml(t.body_text)}</p></li>`,
    )
    .join('');
  const items = mails
    .map((m) => {
      const body = escapeHtml(m.body_text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      return `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to_address)} · ${m.created_on.toISOString()}</p><pre style="white-space:pre-wrap">${body}</pre></article>`;
    })
    .join('<hr>');
  return page(
    'Demo outbox',
    `<main class="card" style="max-width:760px"><h1>Demo outbox</h1>
          <p class="error" role="note"><strong>This is a demo.</strong> This page shows every e-mail the portal sends, password reset
          links and sign-in codes included, to anyone who opens it. It exists only while the demo is on (<code>SEED_DEMO=true</code>
          and no <code>SMTP_URL</code>); a real deployment turns the demo off, and its mail goes out through SMTP.</p>
          <p>E-mails and text messages the portal sent, newest first (no SMTP server or SMS provider configured).</p>
          <form method="get" action="/outbox" role="search"><label for="q">Show only messages that contain</label>
          <input id="q" name="q" maxlength="200" value="${escapeHtml(search ?? '')}" placeholder="An address, login ID or subject">
          <button type="submit">Search</button></form>
          ${items || (search ? '<p>No e-mails contain this text.</p>' : '<p>No e-mails yet.</p>')}<h2>Text messages</h2>${textItems ? `<ul>${textItems}</ul>` : '<p>No text messages yet.</p>'}</main>`,
  );
}
