import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { fastifyPublic } from '../../lib/guard';
import { outboxPage } from './presenter';
import { outboxMessages } from './service';

const outboxQuery = z.object({ q: z.string().trim().max(200).optional() });

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
  // `?q=` narrows the page to the mails and texts that contain a text (an address, a login ID, a subject).
  app.get('/outbox', { config: fastifyPublic, schema: { hide: true } as never }, async (req, reply) => {
    const query = outboxQuery.safeParse(req.query ?? {});
    if (!query.success) throw badRequest('The search is too long.', [{ field: 'q', message: 'Search at most 200 characters.' }]);
    const text = query.data.q || undefined;
    const { mails, texts } = await outboxMessages(app.db, text, !sms);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(outboxPage(mails, texts, text));
  });
}
