import {
  envelope,
  envelopeSchema,
  FEED_MESSAGES,
  feedRejectedQuerySchema,
  feedRejectedSchema,
  feedResendSchema,
  feedRunSchema,
  feedRunsQuerySchema,
  feedStatusSchema,
  feedSyncQueuedSchema,
  feedUserClassMappingSavedSchema,
  feedUserClassMappingSchema,
  feedUserClassMappingsSchema,
  noResultsSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { allow } from '../../lib/guard';
import { route } from '../../lib/route';
import { FEED_JOB, feedJob } from './job';
import { isFeedStaff } from './policy';
import { reconcileJob } from './reconcile';
import { feedMappings, feedRejected, feedRuns, feedStatus, mapUserClass, resendCreatePassword } from './staff';

const tags = ['feed'];

/** The MLS data feed (decision 0985): its sync job when RESO_WEB_API_URL is set, and MLS staff's calls. */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.reso;
  const mail = { publicUrl: app.config.publicUrl, mailer: app.mailer };
  if (config) {
    app.jobs.define(feedJob(config, mail));
    app.jobs.define(reconcileJob(config));
  }

  route(app, {
    method: 'GET',
    url: '/api/app/Feed/Status',
    guard: allow('feed.status', isFeedStaff),
    summary: "The feed's settings (secrets hidden), each resource's checkpoint and last run, the runs going on and the queue",
    tags,
    response: envelopeSchema(feedStatusSchema),
    handler: async ({ db }) => {
      const stats = app.jobs.running ? (await app.jobs.queueStats()).find((q) => q.name === FEED_JOB) : undefined;
      const queue = stats ? { queued: stats.queuedCount, active: stats.activeCount } : null;
      return envelope([await feedStatus(db, config, queue)]);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Feed/UserClassMapping',
    guard: allow('feed.user-class-mapping.read', isFeedStaff),
    summary: "Staff's user-class mapping, and the MemberType / MemberMlsSecurityClass values waiting for one",
    tags,
    response: envelopeSchema(feedUserClassMappingsSchema),
    handler: async ({ db }) => envelope([await feedMappings(db)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Feed/Runs',
    guard: allow('feed.runs', isFeedStaff),
    summary: 'The sync history, newest first',
    tags,
    response: envelopeSchema(feedRunSchema),
    query: feedRunsQuerySchema,
    handler: async ({ db, query }) => envelope(await feedRuns(db, query.limit)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Feed/Rejected',
    guard: allow('feed.rejected', isFeedStaff),
    summary: 'The rows the feed refused, with their reasons',
    tags,
    response: envelopeSchema(feedRejectedSchema),
    query: feedRejectedQuerySchema,
    handler: async ({ db, query }) => envelope(await feedRejected(db, query.resource, query.limit)),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/Feed/UserClassMapping',
    guard: allow('feed.user-class-mapping.update', isFeedStaff),
    summary: 'Maps a RESO MemberType or MemberMlsSecurityClass value to a user class',
    tags,
    response: envelopeSchema(feedUserClassMappingSavedSchema),
    body: feedUserClassMappingSchema,
    bodyLimit: 4096,
    handler: async ({ db, body }) => {
      const applied = await mapUserClass(db, body, mail);
      return envelope([{ ...body, applied }], FEED_MESSAGES.mappingSaved);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Feed/ResendCreatePassword',
    guard: allow('feed.resend-create-password', isFeedStaff),
    summary: 'Sends a member the feed created a new Create Password mail',
    tags,
    response: noResultsSchema,
    body: feedResendSchema,
    bodyLimit: 4096,
    handler: async ({ db, body }) => {
      await resendCreatePassword(db, body.loginId, mail);
      return envelope([], FEED_MESSAGES.createPasswordSent);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Feed/SyncNow',
    guard: allow('feed.sync-now', isFeedStaff),
    summary: 'Queues a sync of every resource now',
    tags,
    response: envelopeSchema(feedSyncQueuedSchema),
    bodyLimit: 1024,
    handler: async () => {
      if (!config) throw badRequest(FEED_MESSAGES.notConfigured);
      if (!app.jobs.running) throw badRequest(FEED_MESSAGES.queueNotRunning);
      const queued = await app.jobs.enqueue(FEED_JOB);
      return envelope([{ queued }], queued ? FEED_MESSAGES.syncQueued : FEED_MESSAGES.syncAlreadyQueued);
    },
  });
}
