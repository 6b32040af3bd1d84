import type { FastifyInstance } from 'fastify';
import { requirementsWatchJob } from './enforcement';
import { trainingRequirementsRoutes } from './routes';

/** Required training's routes and its hourly watch (reminders and holds, decision 1110). */
export async function trainingRequirementsFeature(app: FastifyInstance): Promise<void> {
  await trainingRequirementsRoutes(app);
  app.jobs.define(requirementsWatchJob(app.mailer, app.config.mlsTimeZone));
}
