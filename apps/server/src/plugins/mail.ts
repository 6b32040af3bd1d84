import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/index';
import { deliverOutboxMail, MAIL_QUEUE, type Mail, type Mailer, smtpTransport, writeOutboxMail } from '../lib/mailer';
import { mails } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * The app's mailer (decision 0973). With `SMTP_URL` every mail is a job on the mail queue, written in the caller's
 * transaction with the outbox row; the instances that work the queue hand it to SMTP, retrying with backoff while SMTP
 * is away, and log the mails whose retries are spent (left `failed` in the queue and in the outbox with their error).
 * Without SMTP (the embedded demo) the outbox row is the delivery, so nothing is queued.
 */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { smtpUrl, mailRetry } = app.config;
  if (!smtpUrl) {
    app.decorate('mailer', { queue: writeOutboxMail });
    return;
  }
  const smtp = smtpTransport(smtpUrl);
  app.jobs.defineQueue<{ id: number }>({
    name: MAIL_QUEUE,
    options: {
      retryLimit: mailRetry.limit,
      retryDelay: mailRetry.delaySeconds,
      retryBackoff: mailRetry.backoff,
      // A worker stuck on an SMTP server that does not answer lets another instance try.
      expireInSeconds: 120,
    },
    work: async ({ id }) => {
      const outcome = await deliverOutboxMail(app.db, smtp, id);
      if (outcome === 'sent') mails.inc({ outcome: 'sent' });
      return { mail: id, outcome };
    },
    onFailure: ({ id }, error, { retryCount, lastAttempt }) => {
      mails.inc({ outcome: 'failed' });
      const err = { message: String((error as Error)?.message ?? error) };
      if (!lastAttempt) app.log.warn({ mail: id, retryCount, err }, 'mail not sent, will retry');
      else {
        mails.inc({ outcome: 'given_up' });
        app.log.error({ mail: id, retryCount, err }, 'mail given up: its retries are spent (outbox_emails keeps it)');
      }
    },
  });
  const mailer: Mailer = {
    queue: async (q: Queryable, mail: Mail) => {
      const id = await writeOutboxMail(q, mail);
      await app.jobs.send(MAIL_QUEUE, { id }, q);
      return id;
    },
  };
  app.decorate('mailer', mailer);
});
