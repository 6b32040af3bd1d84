import type { FastifyInstance } from 'fastify';
import { FEED_JOB } from '../feed/index';
import { feedAddressKeysJob } from './address-keys';
import { clearCoopRoutes } from './routes';
import { CLEAR_COOP_JOB, clearCoopWatchJob } from './watch';

/**
 * The Clear Cooperation screen and its watch: every 15 minutes, at start, and after each feed sync (decision 1080); the
 * feed's older addresses keyed by a job of their own, after which the watch runs again (decision 1160).
 */
export async function clearCoopFeatureRoutes(app: FastifyInstance): Promise<void> {
  await clearCoopRoutes(app);
  app.jobs.define(clearCoopWatchJob(app.mailer, app.config.mlsTimeZone));
  app.jobs.define(feedAddressKeysJob(() => app.jobs.enqueue(CLEAR_COOP_JOB)));
  app.jobs.follow(FEED_JOB, CLEAR_COOP_JOB);
}
