import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from '../../identity/html';

/**
 * The demo's outbox: with no SMTP server configured and the demo seeded, /outbox lists what the portal "sent"
 * (password reset links among them). It does not exist in production (SMTP_URL set or SEED_DEMO=false).
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.seedDemo && !app.config.smtpUrl) {
    app.log.warn('SEED_DEMO=false without SMTP_URL: e-mails (reset links, codes) are kept in outbox_emails and not delivered');
  }
  if (app.config.smtpUrl || !app.config.seedDemo) return;
  app.get('/outbox', { config: { access: 'public' }, schema: { hide: true } as never }, async (_req, reply) => {
    const mails = await app.db.query<{ id: number; to_address: string; subject: string; body_text: string; created_on: Date }>(
      'SELECT id, to_address, subject, body_text, created_on FROM outbox_emails ORDER BY created_on DESC, id DESC LIMIT 50',
    );
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
          <p>E-mails the portal sent, newest first.</p>${items || '<p>No e-mails yet.</p>'}</main>`,
        ),
      );
  });
}
