import type { FastifyInstance } from 'fastify';
import { citationsRoutes } from './routes';
import { citationSuspensionJob } from './suspension';

/** Citations and their suspension job: hourly, and once when an instance starts (decision 1100). */
export async function citationsFeatureRoutes(app: FastifyInstance): Promise<void> {
  await citationsRoutes(app);
  app.jobs.define(citationSuspensionJob(app.mailer));
}
