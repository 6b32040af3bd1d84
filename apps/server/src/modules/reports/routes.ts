import {
  envelope,
  listingIdParamSchema,
  listingQuerySchema,
  loginIdParamSchema,
  pageConfigParamSchema,
  querySchema,
  REPORT_MESSAGES,
  reportCreateSchema,
  searchParamSchema,
  typeAheadQuerySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { can, member, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { presentListing, presentPageConfig, presentReason } from './presenter';
import { findListing } from './repository';
import { countMemberSearch } from './search-limit';
import { createReport, lookupReportableMember, pageConfig, queryReasons, searchReportableMembers } from './service';

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/ReportReasons/MemberHubReportReason/q',
    guard: scoped('reports.reasons', 'reasons visible to members (all for staff)'),
    summary: 'Report reasons with their category (members see only those visible to members; staff see all)',
    tags: ['reports'],
    body: querySchema,
    handler: async ({ body, viewer, db }) => {
      const page = await queryReasons(db, viewer, body);
      return envelope(page.rows.map(presentReason), '', page);
    },
  });

  route(app, {
    method: 'GET',
    url: '/PageConfigs/:id',
    guard: can('reports.page-config.read', pageConfig),
    summary: 'A page config: results[0].config is JSON text (the report page reads its disclaimer and confirmation html)',
    tags: ['reports'],
    params: pageConfigParamSchema,
    handler: async ({ row }) => envelope([presentPageConfig(row)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/listings/long/:listingId',
    guard: scoped('reports.listing', 'any MLS listing (no match: no results)'),
    summary: 'The listing service: one MLS listing with its media (include=media); no match answers no results',
    tags: ['reports'],
    params: listingIdParamSchema,
    query: listingQuerySchema,
    handler: async ({ params, db }) => {
      const row = await findListing(db, params.listingId);
      return envelope(row ? [presentListing(row)] : [], row ? '' : REPORT_MESSAGES.noListing);
    },
  });

  route(app, {
    method: 'GET',
    url: '/Reports/Members/ta/:search',
    guard: scoped('reports.members.search', "the whole MLS; contact details only in the directory's reach"),
    summary:
      'The report page’s member type-ahead over the whole MLS by name or login id, narrowed by office, main office or association; ' +
      'e-mail and phones only of members in the directory’s reach; 30 calls a minute and 300 a day per member',
    tags: ['reports'],
    params: searchParamSchema,
    query: typeAheadQuerySchema,
    handler: async ({ params, query, viewer, db, reply }) => {
      await countMemberSearch(db, viewer.memberId, reply);
      return envelope(await searchReportableMembers(db, viewer, params.search, query));
    },
  });

  route(app, {
    method: 'GET',
    url: '/Reports/Members/:loginId',
    guard: scoped('reports.members.lookup', "the whole MLS; contact details only in the directory's reach"),
    summary: 'The report page’s member lookup: results[0] with contactId and contactJObject, or no results; counted with the type-ahead',
    tags: ['reports'],
    params: loginIdParamSchema,
    handler: async ({ params, viewer, db, reply }) => {
      await countMemberSearch(db, viewer.memberId, reply);
      return envelope(await lookupReportableMember(db, viewer, params.loginId));
    },
  });

  route(app, {
    method: 'POST',
    url: '/Reports/CreateReport',
    guard: member,
    summary: 'Files a report about a listing or a member; it becomes a case of the association that handles the listing or member',
    tags: ['reports'],
    body: reportCreateSchema,
    rateLimit: ['report'],
    handler: async ({ body, viewer, db }) =>
      envelope([await createReport(db, viewer, body)], `${REPORT_MESSAGES.successTitle} / ${REPORT_MESSAGES.successText}`),
  });
}
