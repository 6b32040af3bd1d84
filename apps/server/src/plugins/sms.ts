import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/index';
import { deliverSms, queueSms, SMS_QUEUE, type Texter, type TextMessage } from '../lib/sms';

declare module 'fastify' {
  interface FastifyInstance {
    texter: Texter;
  }
}

/**
 * The app's texter (decision 0991), as the mailer (decision 0973): with an SMS provider every text is a job on the SMS
 * queue, written in the caller's transaction with the outbox row; the instances that work the queue hand it to the
 * provider, retrying with backoff (the mail's retry settings) while it is away or refuses, and log the texts whose
 * retries are spent (left `failed` in the queue and in the outbox with their error). Without a provider (the embedded
 * demo) the outbox row is the delivery, so nothing is queued.
 */
export const smsPlugin = fp(async (app: FastifyInstance) => {
  const { sms, mailRetry } = app.config;
  if (!sms) {
    app.decorate('texter', { queue: queueSms });
    return;
  }
  app.jobs.defineQueue<{ id: number }>({
    name: SMS_QUEUE,
    options: {
      retryLimit: mailRetry.limit,
      retryDelay: mailRetry.delaySeconds,
      retryBackoff: mailRetry.backoff,
      expireInSeconds: 60,
    },
    work: async ({ id }) => ({ sms: id, outcome: await deliverSms(app.db, sms, id) }),
    onFailure: ({ id }, error, { retryCount, lastAttempt }) => {
      const err = { message: String((error as Error)?.message ?? error) };
      if (!lastAttempt) app.log.warn({ sms: id, retryCount, err }, 'text not sent, will retry');
      else app.log.error({ sms: id, retryCount, err }, 'text given up: its retries are spent (outbox_sms keeps it)');
    },
  });
  app.decorate('texter', {
    queue: async (q: Queryable, text: TextMessage) => {
      const id = await queueSms(q, text);
      await app.jobs.send(SMS_QUEUE, { id }, q);
      return id;
    },
  });
});
