import {
  citationActionSchema,
  citationJobOutcomeSchema,
  citationJobSchema,
  citationListQuerySchema,
  citationNoteSchema,
  citationPageSchema,
  citationPreviewSchema,
  citationSchema,
  citationTargetSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  issueCitationSchema,
  CITATION_MESSAGES as M,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { citationFileRoutes } from './file-routes';
import { actsAsStaff, isCitedMember, isMlsStaff, mayManageCitations } from './policy';
import { citationReads } from './reads';
import { actOnCitation, appealCitation, issueCitation, markCorrected, previewCitation, readCitation, visibleCitation } from './service';
import { runCitationSuspensions } from './suspension';

const tags = ['citations'];

/** Citations: staff cite and act; the member reads, corrects and appeals (issue 30 sections 2 to 4, decision 1100). */
export async function citationsRoutes(app: FastifyInstance): Promise<void> {
  const zone = app.config.mlsTimeZone;
  const reads = citationReads(app.db);

  route(app, {
    method: 'GET',
    url: '/api/app/Citations',
    guard: scoped('citations.search', 'citations of the association (association staff) or every one (MLS staff)', mayManageCitations),
    summary: 'Citations by state, rule and member, newest first (association and MLS staff)',
    tags,
    query: citationListQuerySchema,
    response: envelopeSchema(citationPageSchema),
    handler: async ({ viewer, query }) => {
      const page = await reads.list(viewer, query);
      return envelope([page], '', { totalResults: page.totalResults, totalPages: page.totalPages });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Citations/Mine',
    guard: scoped('citations.own', "the member's own citations and, for brokers, their offices' members'"),
    summary: 'My citations: the member’s own and, for a broker or office manager, their offices’ (read only)',
    tags,
    query: citationListQuerySchema,
    response: envelopeSchema(citationPageSchema),
    handler: async ({ viewer, query }) => {
      const page = await reads.list(viewer, query, { own: true });
      return envelope([page], '', { totalResults: page.totalResults, totalPages: page.totalPages });
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Citations/Preview',
    guard: allow('citations.preview', mayManageCitations),
    summary: 'The ladder step and deadlines a citation would take, before it is issued (staff)',
    tags,
    body: citationTargetSchema,
    bodyLimit: 4096,
    response: envelopeSchema(citationPreviewSchema),
    handler: async ({ db, viewer, body }) => envelope([await previewCitation(db, viewer, zone, body)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Citations',
    guard: allow('citations.issue', mayManageCitations),
    summary: 'Issues a citation: the step from the member’s earlier offences, the notice to the member and a copy to the broker',
    tags,
    body: issueCitationSchema,
    bodyLimit: 16_384,
    response: envelopeSchema(citationSchema),
    handler: async ({ db, viewer, body, reply }) => {
      const citation = await issueCitation(db, app.mailer, viewer, zone, body);
      reply.code(201);
      return envelope([citation], M.issued(citation.id, citation.member.name));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Citations/:id',
    guard: can('citations.read', visibleCitation),
    summary: 'One citation with its rule, facts, files, deadlines and history (404 unless the member may see it)',
    tags,
    params: idParamSchema,
    response: envelopeSchema(citationSchema),
    handler: async ({ db, viewer, row }) => envelope([await readCitation(db, viewer, zone, row)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Citations/:id/Action',
    guard: can('citations.act', visibleCitation, actsAsStaff, { allow: mayManageCitations }),
    summary: 'A staff action over the version loaded (confirm, pay, uphold, withdraw, suspend, lift, close); 409 when another came first',
    tags,
    params: idParamSchema,
    body: citationActionSchema,
    bodyLimit: 8192,
    response: envelopeSchema(citationSchema),
    handler: async ({ db, viewer, row, body }) => envelope([await actOnCitation(db, viewer, zone, row, body)], M.actionDone(body.action)),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Citations/:id/Correct',
    guard: can('citations.correct', visibleCitation, isCitedMember),
    summary: 'The cited member marks the citation corrected, with a note (staff then confirm)',
    tags,
    params: idParamSchema,
    body: citationNoteSchema,
    bodyLimit: 8192,
    response: envelopeSchema(citationSchema),
    handler: async ({ db, viewer, row, body }) => envelope([await markCorrected(db, viewer, zone, row, body.note)], M.corrected),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Citations/:id/Appeal',
    guard: can('citations.appeal', visibleCitation, isCitedMember),
    summary: 'The cited member appeals with a statement, once and before the appeal deadline (409 after it)',
    tags,
    params: idParamSchema,
    body: citationNoteSchema,
    bodyLimit: 8192,
    response: envelopeSchema(citationSchema),
    handler: async ({ db, viewer, row, body }) => envelope([await appealCitation(db, viewer, zone, row, body.note)], M.appealed),
  });

  await citationFileRoutes(app);

  // The demo's "run it now", as at a moment (the journey moves the job's clock this way): never in production.
  if (app.config.demo) {
    route(app, {
      method: 'POST',
      url: '/api/app/Citations/Suspensions',
      guard: allow('citations.job', isMlsStaff),
      summary: 'Runs the citation suspension job now, or as at a given moment (demo only, MLS staff)',
      tags,
      body: citationJobSchema,
      bodyLimit: 2048,
      response: envelopeSchema(citationJobOutcomeSchema),
      handler: async ({ db, body }) =>
        envelope(
          [await runCitationSuspensions(db, app.mailer, body.at ? new Date(body.at) : new Date(), body.citationIds ?? null)],
          M.demoRan,
        ),
    });
  }
}
