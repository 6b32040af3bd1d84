import type { FastifyInstance } from 'fastify';
import { disclosureRoutes } from './disclosure-routes';
import { registeredExpiryJob } from './expiry-job';
import { registeredRoutes } from './routes';

/**
 * Seed 001's listings and their expiry job. The lookups, maps and property reports its wizard calls are modules of
 * their own, registered beside it in `modules/index.ts` (lookups reads registered's scope, so registered must not
 * reach back to lookups: decision 1030).
 */
export async function registeredFeatureRoutes(app: FastifyInstance): Promise<void> {
  await registeredRoutes(app);
  await disclosureRoutes(app);
  app.jobs.define(registeredExpiryJob(app.mailer, app.config.mlsTimeZone));
}
