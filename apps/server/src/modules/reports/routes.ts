import {
  audienceIndexEntrySchema,
  createdReportSchema,
  EVIDENCE,
  envelope,
  envelopeSchema,
  idParamSchema,
  listingDetailSchema,
  listingIdParamSchema,
  listingQuerySchema,
  loginIdParamSchema,
  OFF_MLS_MESSAGES as O,
  pageConfigParamSchema,
  pageConfigSchema,
  querySchema,
  REPORT_MESSAGES,
  reportCreateSchema,
  reportReasonSchema,
  searchParamSchema,
  typeAheadQuerySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { can, member, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { createMediaStorage } from '../media/index';
import { createOffMlsReport, evidenceToSend, visibleEvidence } from './off-mls-service';
import { presentListing, presentPageConfig, presentReason } from './presenter';
import { countMemberSearch } from './search-limit';
import { createReport, lookupReportableMember, pageConfig, queryReasons, readListing, searchReportableMembers } from './service';

/** A served evidence file never runs as a page of the portal (as media's files: decision 0976). */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const storage = createMediaStorage(app.config);

  route(app, {
    method: 'POST',
    url: '/ReportReasons/MemberHubReportReason/q',
    guard: scoped('reports.reasons', 'reasons visible to members (all for staff)'),
    summary: 'Report reasons with their category (members see only those visible to members; staff see all)',
    tags: ['reports'],
    response: envelopeSchema(reportReasonSchema),
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
    response: envelopeSchema(pageConfigSchema),
    params: pageConfigParamSchema,
    handler: async ({ row }) => envelope([presentPageConfig(row)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/listings/long/:listingId',
    guard: scoped('reports.listing', 'any MLS listing (no match: no results)'),
    summary: 'The listing service: one MLS listing with its media (include=media); no match answers no results',
    tags: ['reports'],
    response: envelopeSchema(listingDetailSchema),
    params: listingIdParamSchema,
    query: listingQuerySchema,
    handler: async ({ params, db }) => {
      const row = await readListing(db, params.listingId);
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
    response: envelopeSchema(audienceIndexEntrySchema),
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
    response: envelopeSchema(audienceIndexEntrySchema),
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
    response: envelopeSchema(createdReportSchema),
    body: reportCreateSchema,
    rateLimit: ['report'],
    handler: async ({ body, viewer, db }) =>
      envelope([await createReport(db, viewer, body)], `${REPORT_MESSAGES.successTitle} / ${REPORT_MESSAGES.successText}`),
  });

  route(app, {
    method: 'POST',
    url: '/Reports/CreateOffMlsReport',
    guard: member,
    summary:
      'Reports a listing marketed but not in the MLS (multipart: field `report` JSON, up to 5 `evidence` images or PDFs of 10 MB); ' +
      'added to the registered listing’s open Clear Cooperation case, else a new case',
    tags: ['reports'],
    response: envelopeSchema(createdReportSchema),
    rateLimit: ['report'],
    handler: async ({ viewer, db, req, reply }) => {
      if (!req.isMultipart()) throw badRequest(O.sendAsMultipart, [{ field: EVIDENCE.reportField, message: O.sendAsMultipart }]);
      const parts = req.parts({ limits: { fileSize: EVIDENCE.maxBytes, files: EVIDENCE.maxFiles + 1, fields: 2 } });
      const created = await createOffMlsReport(db, storage, viewer, parts);
      reply.code(201);
      return envelope([created], `${REPORT_MESSAGES.successTitle} / ${REPORT_MESSAGES.successText}`);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Reports/Evidence/:id',
    guard: can('reports.evidence.read', visibleEvidence),
    summary: 'An evidence file of a report, to its reporter and to whoever sees its case; anyone else 404',
    tags: ['reports'],
    params: idParamSchema,
    handler: async ({ row, reply }) => {
      const file = await evidenceToSend(storage, row);
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-security-policy', FILE_CSP)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.body);
    },
  });
}
