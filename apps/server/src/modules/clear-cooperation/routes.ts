import {
  clearCoopDueSchema,
  clearCoopPageSchema,
  clearCoopQuerySchema,
  clearCoopWatchOutcomeSchema,
  clearCoopWatchSchema,
  envelope,
  envelopeSchema,
  CLEAR_COOP_MESSAGES as M,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, member, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { keyFeedAddresses } from './address-keys';
import { mayRunWatch, maySeeClearCoop } from './policy';
import { clearCoopCsv } from './presenter';
import { dueSoonOf, exportClearCoop, searchClearCoop } from './service';
import { runClearCoopWatch } from './watch';

const tags = ['clear-cooperation'];

/** The Clear Cooperation screen, its CSV, the dashboard's card, and the demo's trigger (issue 29 section 4, 1080). */
export async function clearCoopRoutes(app: FastifyInstance): Promise<void> {
  const zone = app.config.mlsTimeZone;

  route(app, {
    method: 'GET',
    url: '/api/app/ClearCooperation',
    guard: scoped('clear-cooperation.search', 'listings the member sees (association, MLS or offices)', maySeeClearCoop),
    summary: 'Registered listings by Clear Cooperation state, most urgent first, with the counts of each state',
    tags,
    query: clearCoopQuerySchema,
    response: envelopeSchema(clearCoopPageSchema),
    handler: async ({ db, viewer, query }) => {
      const { pageId, pageSize, ...filters } = query;
      const page = await searchClearCoop(db, viewer, filters, { pageId, pageSize });
      return envelope([page], '', { totalResults: page.totalResults, totalPages: page.totalPages });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/ClearCooperation/Csv',
    guard: scoped('clear-cooperation.export', 'listings the member sees (association, MLS or offices)', maySeeClearCoop),
    summary: 'The same listings as a CSV file (up to 10,000 rows)',
    tags,
    query: clearCoopQuerySchema,
    handler: async ({ db, viewer, query, reply }) => {
      const { pageId: _p, pageSize: _s, ...filters } = query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clear-cooperation.csv"')
        .header('cache-control', 'no-store')
        .send(clearCoopCsv(await exportClearCoop(db, viewer, filters)));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/ClearCooperation/Due',
    // Any member, over their own listings (list or co-list agent).
    guard: member,
    summary: 'The member’s own registered listings due in the MLS within two business days (the dashboard’s card)',
    tags,
    response: envelopeSchema(clearCoopDueSchema),
    handler: async ({ db, viewer }) => envelope([await dueSoonOf(db, viewer, zone)]),
  });

  // The demo's "run it now", with a moment to run as (the journeys move the watch's clock this way): never in production.
  if (app.config.demo) {
    route(app, {
      method: 'POST',
      url: '/api/app/ClearCooperation/Watch',
      guard: allow('clear-cooperation.watch', mayRunWatch),
      summary: 'Runs the Clear Cooperation watch now, or as at a given moment (demo only, MLS staff)',
      tags,
      body: clearCoopWatchSchema,
      bodyLimit: 2048,
      response: envelopeSchema(clearCoopWatchOutcomeSchema),
      // The demo's few feed rows are keyed first, as the backfill job would have by then (decision 1160).
      handler: async ({ db, body }) => {
        await keyFeedAddresses(db);
        return envelope(
          [await runClearCoopWatch(db, app.mailer, zone, body.at ? new Date(body.at) : new Date(), body.listingIds ?? null)],
          M.watchRan,
        );
      },
    });
  }
}
