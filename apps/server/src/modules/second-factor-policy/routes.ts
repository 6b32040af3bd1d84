import {
  enrolmentQuerySchema,
  enrolmentRowSchema,
  envelope,
  envelopeSchema,
  SECOND_FACTOR_POLICY_MESSAGES as M,
  secondFactorPolicySchema,
  secondFactorPolicyViewSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow } from '../../lib/guard';
import { route } from '../../lib/route';
import { securityLog } from '../../lib/security-log';
import { isMlsStaff } from './policy';
import { enrolmentCsv } from './presenter';
import { changePolicy, currentPolicy, enrolment } from './service';

const tags = ['second-factor-policy'];

/** Issue 32 §3: the MLS's second-factor policy and the members' enrolment (MLS staff). */
export async function secondFactorPolicyRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/SecondFactorPolicy',
    guard: allow('second-factor-policy.read', isMlsStaff),
    summary: 'The second-factor policy: off, every member or chosen member types, from a date, with sign-ins of grace',
    tags,
    response: envelopeSchema(secondFactorPolicyViewSchema),
    handler: async ({ db }) => envelope([await currentPolicy(db)]),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/SecondFactorPolicy',
    guard: allow('second-factor-policy.update', isMlsStaff),
    summary: 'Saves the second-factor policy; covered members without a factor are led to add one after their grace sign-ins',
    tags,
    response: envelopeSchema(secondFactorPolicyViewSchema),
    body: secondFactorPolicySchema,
    bodyLimit: 4096,
    handler: async ({ db, body, req, principal }) => {
      const saved = await changePolicy(db, body, principal?.accountId ?? null);
      securityLog(req, 'second-factor-policy-changed', {
        byAccountId: principal?.accountId,
        detail: `${saved.scope} from ${saved.requiredFrom ?? 'now'}`,
      });
      return envelope([saved], M.saved);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SecondFactorPolicy/Enrolment',
    guard: allow('second-factor-policy.enrolment', isMlsStaff),
    summary: 'Members with and without a second factor by member type, association and office, and the factors’ kinds (JSON or CSV)',
    tags,
    response: envelopeSchema(enrolmentRowSchema),
    query: enrolmentQuerySchema,
    handler: async ({ db, query, reply }) => {
      const rows = await enrolment(db);
      if (query.format === 'json') return envelope(rows);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="second-factor-enrolment.csv"')
        .header('cache-control', 'no-store')
        .send(enrolmentCsv(rows));
    },
  });
}
