import type { FastifyInstance } from 'fastify';
import { FEED_JOB } from '../feed/index';
import { clearCoopRoutes } from './routes';
import { CLEAR_COOP_JOB, clearCoopWatchJob } from './watch';

/** The Clear Cooperation screen and its watch: every 15 minutes, at start, and after each feed sync (decision 1080). */
export async function clearCoopFeatureRoutes(app: FastifyInstance): Promise<void> {
  await clearCoopRoutes(app);
  app.jobs.define(clearCoopWatchJob(app.mailer, app.config.mlsTimeZone));
  app.jobs.follow(FEED_JOB, CLEAR_COOP_JOB);
}
