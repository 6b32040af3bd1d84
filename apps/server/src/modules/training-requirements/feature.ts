import type { FastifyInstance } from 'fastify';
import { certificateRoutes } from './certificate-routes';
import { requirementsWatchJob } from './enforcement';
import { trainingImportRoutes } from './import-routes';
import { trainingRequirementsRoutes } from './routes';

/** Required training's routes, its imports and export, and its hourly watch (reminders and holds, decisions 1110 and 1150). */
export async function trainingRequirementsFeature(app: FastifyInstance): Promise<void> {
  await trainingRequirementsRoutes(app);
  await trainingImportRoutes(app);
  await certificateRoutes(app);
  app.jobs.define(requirementsWatchJob(app.mailer, app.config.mlsTimeZone));
}
