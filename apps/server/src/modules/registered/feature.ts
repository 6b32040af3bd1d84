import type { FastifyInstance } from 'fastify';
import { lookupsRoutes } from '../lookups/index';
import { mapsRoutes } from '../maps/index';
import { propertyReportsRoutes } from '../property-reports/index';
import { registeredExpiryJob } from './expiry-job';
import { registeredRoutes } from './routes';

/** Seed 001 as one registration: the listings and the lookups, maps and property reports its wizard calls. */
export async function registeredFeatureRoutes(app: FastifyInstance): Promise<void> {
  await registeredRoutes(app);
  await lookupsRoutes(app);
  await mapsRoutes(app);
  await propertyReportsRoutes(app);
  app.jobs.define(registeredExpiryJob(app.mailer, app.config.mlsTimeZone));
}
