import { envelope, envelopeSchema, exemptionRulesSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { member } from '../../lib/guard';
import { route } from '../../lib/route';
import { readExemptionRules } from './service';

/** The part of the compliance policy that registering a listing needs, for every member (decision 1050). */
export async function exemptionRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/Compliance/Exemptions',
    // Any member: the registered listing wizard offers the accepted exemptions and counts their deadlines.
    guard: member,
    summary: 'The exemptions the MLS accepts, its delayed-marketing period and its seller disclosure deadline (business days)',
    tags: ['compliance'],
    response: envelopeSchema(exemptionRulesSchema),
    handler: async ({ db }) => envelope([await readExemptionRules(db)]),
  });
}
