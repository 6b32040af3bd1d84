import { addressSearchQuerySchema, addressSuggestionSchema, envelope, envelopeSchema, REGISTERED, STATE_CODES } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { member } from '../../lib/guard';
import { route } from '../../lib/route';
import { createGazetteer } from './provider';

/**
 * The address type-ahead of the registered listing wizard (seed 001 section 7: a maps search, US only), limited to
 * the states a listing may be in (California and Louisiana): the wizard refuses any other (decision 0972).
 */
export async function mapsRoutes(app: FastifyInstance): Promise<void> {
  const maps = createGazetteer(app.db);
  route(app, {
    method: 'GET',
    url: '/api/app/Maps/addresses',
    guard: member,
    summary: 'Address suggestions for a text, United States only',
    tags: ['maps'],
    query: addressSearchQuerySchema,
    response: envelopeSchema(addressSuggestionSchema),
    handler: async ({ query }) =>
      envelope(
        await maps.searchAddresses(query.text, { country: query.country, limit: REGISTERED.addressSearchLimit, states: STATE_CODES }),
      ),
  });
}
