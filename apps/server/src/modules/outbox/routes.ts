import type { FastifyInstance } from 'fastify';
import { fastifyPublic } from '../../lib/guard';
import { outboxPage } from './presenter';
import { newestOutboxMails, newestOutboxTexts } from './repository';

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
  // Public while the demo is on, and only then (see above): the page says so at its top.
  app.get('/outbox', { config: fastifyPublic, schema: { hide: true } as never }, async (_req, reply) => {
    const [mails, texts] = await Promise.all([newestOutboxMails(app.db), sms ? [] : newestOutboxTexts(app.db)]);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(outboxPage(mails, texts));
  });
}
