import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from '../../identity/html';

/**
 * The demo's outbox: with the demo seeded, /outbox lists what the portal "sent" and could not deliver itself: the
 * e-mails without an SMTP server (password reset links among them), the text messages without an SMS provider
 * (second-factor codes). It does not exist in production (SMTP_URL set, or SEED_DEMO=false).
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.seedDemo && !app.config.smtpUrl) {
    app.log.warn('SEED_DEMO=false without SMTP_URL: e-mails (reset links, codes) are kept in outbox_emails and not delivered');
  }
  const { smtpUrl, sms, seedDemo } = app.config;
  // Mail through SMTP means a real deployment's mail: the page is gone even if texts still stay in the outbox.
  if (smtpUrl || !seedDemo) return;
  app.get('/outbox', { config: { access: 'public' }, schema: { hide: true } as never }, async (_req, reply) => {
    const mails = await app.db.query<{ id: number; to_address: string; subject: string; body_text: string; created_on: Date }>(
      'SELECT id, to_address, subject, body_text, created_on FROM outbox_emails ORDER BY created_on DESC, id DESC LIMIT 50',
    );
    const texts = sms
      ? []
      : await app.db.query<{ to_number: string; body_text: string; created_on: Date }>(
          'SELECT to_number, body_text, created_on FROM outbox_sms ORDER BY created_on DESC, id DESC LIMIT 50',
        );
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
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Demo outbox',
          `<main class="card" style="max-width:760px"><h1>Demo outbox</h1>
          <p class="error" role="note"><strong>This is a demo.</strong> This page shows every e-mail the portal sends, password reset
          links and sign-in codes included, to anyone who opens it. It exists only while the demo is on (<code>SEED_DEMO=true</code>
          and no <code>SMTP_URL</code>); a real deployment turns the demo off, and its mail goes out through SMTP.</p>
          <p>E-mails and text messages the portal sent, newest first (no SMTP server or SMS provider configured).</p>
          ${items || '<p>No e-mails yet.</p>'}<h2>Text messages</h2>${textItems ? `<ul>${textItems}</ul>` : '<p>No text messages yet.</p>'}</main>`,
        ),
      );
  });
}
