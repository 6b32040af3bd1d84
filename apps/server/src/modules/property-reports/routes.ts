import { envelope, envelopeSchema, propertyReportSchema, text } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { member } from '../../lib/guard';
import { route } from '../../lib/route';
import { propertyReport } from './service';

export async function propertyReportsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/taxapi/PropertyReport/:postalCode',
    guard: member,
    summary: 'Public-record property report for an address in a ZIP code; property only when exactly one is found',
    tags: ['property-reports'],
    params: z.object({
      postalCode: z
        .string()
        .trim()
        .regex(/^\d{5}$/, 'Enter a 5-digit Zip Code'),
    }),
    query: z.object({ address: text(200).trim().min(1) }),
    response: envelopeSchema(propertyReportSchema),
    handler: async ({ db, params, query }) => envelope([await propertyReport(db, params.postalCode, query.address)]),
  });
}
