import {
  associationSummarySchema,
  audienceIndexEntrySchema,
  envelope,
  envelopeSchema,
  officeSummarySchema,
  querySchema,
  searchParamSchema,
  searchTextParamSchema,
  typeAheadQuerySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { searchAudience } from './member-search';
import { isMlsStaff, mayFindAgents, mayPickOffices } from './policy';
import { listAssociations, queryAudience, searchOffices } from './service';

export async function directoryRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/AudienceIndexes/ta/:search',
    guard: scoped('directory.agents', "members in the viewer's office, main office or association, by level", mayFindAgents),
    summary: 'Agent search (type-ahead) inside the viewer’s office, main office or association, by level',
    tags: ['directory'],
    response: envelopeSchema(audienceIndexEntrySchema),
    params: searchParamSchema,
    query: typeAheadQuerySchema,
    handler: async ({ params, query, viewer, db }) => envelope(await searchAudience(db, viewer, params.search, query)),
  });

  route(app, {
    method: 'POST',
    url: '/AudienceIndex/q',
    guard: scoped('directory.search', "members in the viewer's reach (a member alone: themselves)"),
    summary: 'Directory lookup (e.g. loginId equals), inside the viewer’s reach; a member alone finds only themselves',
    tags: ['directory'],
    response: envelopeSchema(audienceIndexEntrySchema),
    body: querySchema,
    handler: async ({ body, viewer, db }) => {
      const result = await queryAudience(db, viewer, body);
      return envelope(result.rows, '', result);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Offices/ta/:searchText',
    guard: scoped('directory.offices', "offices in the viewer's reach, by level", mayPickOffices),
    summary: 'Office type-ahead, main offices only by default: unrestricted at level 5, the association at 4, the main office at 3',
    tags: ['directory'],
    response: envelopeSchema(officeSummarySchema),
    params: searchTextParamSchema,
    query: typeAheadQuerySchema,
    handler: async ({ params, query, viewer, db }) => envelope(await searchOffices(db, viewer, params.searchText, query)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Associations',
    guard: allow('directory.associations', isMlsStaff),
    summary: 'Every association (id, short name, name), for the Association Settings picker of MLS staff (level 5 only)',
    tags: ['directory'],
    response: envelopeSchema(associationSummarySchema),
    handler: async ({ db }) => envelope(await listAssociations(db)),
  });
}
