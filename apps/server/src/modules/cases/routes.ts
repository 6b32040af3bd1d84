import { CASES_MESSAGES, caseQueryParamsSchema, caseQuerySchema, caseStatusUpdateSchema, envelope, idParamSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { presentCase } from './presenter';
import { queryCases, readCaseForm, updateCaseStatus } from './service';

export async function casesRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/WorkItem/q',
    access: 'member',
    summary:
      'Cases (Member Insights): the contact’s own, a broker’s office’s, association staff’s association’s, all for MLS staff; searchText matches case number, title and contact login id',
    tags: ['cases'],
    query: caseQueryParamsSchema,
    body: caseQuerySchema,
    handler: async ({ body, viewer, db }) => {
      const { searchText, ...query } = body;
      const page = await queryCases(db, viewer, query, searchText);
      return envelope(page.rows.map(presentCase), '', page);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/FormDefinition/ByWorkItem/:id/expanded/view',
    access: 'member',
    summary: 'A visible case’s form: categories of fields with label, fieldType and displayValue; another’s case is 404',
    tags: ['cases'],
    params: idParamSchema,
    handler: async ({ params, viewer, db }) => envelope([await readCaseForm(db, viewer, params.id)]),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/WorkItem/:id/Status',
    access: 'member',
    summary: 'Sets a case’s status: staff of the handling association and MLS staff; others who see the case get 403, the rest 404',
    tags: ['cases'],
    params: idParamSchema,
    body: caseStatusUpdateSchema,
    handler: async ({ params, body, viewer, db }) =>
      envelope([await updateCaseStatus(db, viewer, params.id, body.status)], CASES_MESSAGES.statusUpdated),
  });
}
