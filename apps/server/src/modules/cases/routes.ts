import {
  CASES_MESSAGES,
  caseItemSchema,
  caseQueryParamsSchema,
  caseQuerySchema,
  caseStatusUpdateSchema,
  envelope,
  envelopeSchema,
  formDefinitionViewSchema,
  idParamSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';
import { can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { worksCase } from './policy';
import { presentCase } from './presenter';
import { caseFormOf, queryCases, updateCaseStatus, visibleCase } from './service';

export async function casesRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/WorkItem/q',
    guard: scoped('cases.search', 'cases the member sees'),
    summary:
      'Cases (Member Insights): the contact’s own, a broker’s office’s, association staff’s association’s, all for MLS staff; searchText matches case number, title and contact login id',
    tags: ['cases'],
    query: caseQueryParamsSchema,
    body: caseQuerySchema,
    response: envelopeSchema(caseItemSchema),
    handler: async ({ body, viewer, db }) => {
      const { searchText, ...query } = body;
      const page = await queryCases(db, viewer, query, searchText);
      return envelope(page.rows.map(presentCase), '', page);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/FormDefinition/ByWorkItem/:id/expanded/view',
    guard: can('cases.read', visibleCase),
    summary: 'A visible case’s form: categories of fields with label, fieldType and displayValue; another’s case is 404',
    tags: ['cases'],
    params: idParamSchema,
    response: envelopeSchema(formDefinitionViewSchema),
    handler: async ({ row, viewer, db }) => envelope([await caseFormOf(db, viewer, row)]),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/WorkItem/:id/Status',
    guard: can('cases.setStatus', visibleCase, worksCase, { refuse: () => forbidden(CASES_MESSAGES.statusStaffOnly) }),
    summary: 'Sets a case’s status: staff of the handling association and MLS staff; others who see the case get 403, the rest 404',
    tags: ['cases'],
    params: idParamSchema,
    body: caseStatusUpdateSchema,
    response: envelopeSchema(caseItemSchema),
    handler: async ({ row, body, viewer, db }) =>
      envelope([await updateCaseStatus(db, viewer, row.id, body.status)], CASES_MESSAGES.statusUpdated),
  });
}
