import {
  applicationLaunchRecordedSchema,
  applicationLaunchSchema,
  applicationUsageQuerySchema,
  applicationUsageSchema,
  envelope,
  envelopeSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { mayReadUsage } from './policy';
import { usageCsv } from './presenter';
import { applicationUsage, foldLaunches, recordTileLaunch } from './service';

const tags = ['application-usage'];

/** The launcher's usage figures (issue 19 section 4, decision 0990): the launch log of link tiles and staff's figures. */
export async function applicationUsageRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.mlsTimeZone;
  app.jobs.define({ name: 'application-usage-fold', cron: '* * * * *', run: async (db) => ({ folded: await foldLaunches(db, timeZone) }) });

  route(app, {
    method: 'POST',
    url: '/api/app/ApplicationLaunches',
    // Any member, for an application their audience may use (association, main office, member type, opt-outs).
    guard: scoped('applications.launch', "applications of the member's audience"),
    summary: 'Records that the member opened a tile of the launcher (one insert, the one count of a launch whatever its protocol)',
    tags,
    response: envelopeSchema(applicationLaunchRecordedSchema),
    body: applicationLaunchSchema,
    bodyLimit: 1024,
    rateLimit: ['launch'],
    handler: async ({ db, viewer, body }) => envelope([await recordTileLaunch(db, viewer, body.applicationId)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/ApplicationUsage',
    // Staff only, over their scope's launches: association staff their association's members, MLS staff all.
    guard: scoped('application-usage.read', "launches of the member's association (all for the MLS)", mayReadUsage),
    summary:
      'Launches, distinct members and refusals per application per day, week or month, the top applications and the members who never launched one',
    tags,
    response: envelopeSchema(applicationUsageSchema),
    query: applicationUsageQuerySchema,
    handler: async ({ db, viewer, query }) => envelope([await applicationUsage(db, viewer, query, timeZone)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/ApplicationUsage/Csv',
    // Staff only, over their scope's launches (as GET api/app/ApplicationUsage).
    guard: scoped('application-usage.csv', "launches of the member's association (all for the MLS)", mayReadUsage),
    summary: 'The same figures as a CSV file: one line per period and application',
    tags,
    query: applicationUsageQuerySchema,
    handler: async ({ db, viewer, query, reply }) => {
      const usage = await applicationUsage(db, viewer, { ...query, pageId: 1, pageSize: 1 }, timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="application-usage-${usage.period}-${usage.from}-${usage.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(usageCsv(usage));
    },
  });
}
