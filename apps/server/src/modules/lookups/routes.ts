import {
  agentSearchParamsSchema,
  agentSearchQuerySchema,
  agentSuggestionSchema,
  envelope,
  envelopeSchema,
  lookupExactParamsSchema,
  lookupExactQuerySchema,
  lookupSearchParamsSchema,
  lookupValueSchema,
  REGISTERED,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { member, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { lookupValuesContaining, lookupValuesEqualTo, suggestAgents } from './service';

const tags = ['lookups'];

/** Seed 001 section 7: city and county lookups (type 8 city, 3 county) and the agent type-ahead. */
export async function lookupsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/cribdata/LookupValues/:lookupType/exact/:value',
    guard: member,
    summary: 'Lookup values equal to the value (useLongValue compares the long value)',
    tags,
    params: lookupExactParamsSchema,
    query: lookupExactQuerySchema,
    response: envelopeSchema(lookupValueSchema),
    handler: async ({ db, params, query }) =>
      envelope(await lookupValuesEqualTo(db, params.lookupType, params.value, query.useLongValue === 'true')),
  });

  route(app, {
    method: 'GET',
    url: '/cribdata/LookupValues/:lookupType/search/:text',
    guard: member,
    summary: 'Lookup values containing the text, those starting with it first',
    tags,
    params: lookupSearchParamsSchema,
    response: envelopeSchema(lookupValueSchema),
    handler: async ({ db, params }) => envelope(await lookupValuesContaining(db, params.lookupType, params.text, 25)),
  });

  route(app, {
    method: 'GET',
    url: '/cribdata/Members/ta/:text',
    guard: scoped('lookups.agents', "every active agent; role=list: agents in the writer's registered reach"),
    summary: 'Agent type-ahead by MLS id or name; `role=list` offers only agents the writer may name list agent',
    tags,
    params: agentSearchParamsSchema,
    query: agentSearchQuerySchema,
    response: envelopeSchema(agentSuggestionSchema),
    handler: async ({ db, viewer, params, query }) => {
      // Any member; rows: every active agent for a co-list agent, the writer's registered reach for a list agent.
      return envelope(await suggestAgents(db, viewer, params.text, REGISTERED.agentSearchLimit, query.role === 'list'));
    },
  });
}
