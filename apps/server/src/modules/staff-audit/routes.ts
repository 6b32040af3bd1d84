import { envelope, envelopeSchema, staffAuditEventSchema, staffAuditExportSchema, staffAuditQuerySchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow } from '../../lib/guard';
import { route } from '../../lib/route';
import { isMlsStaff } from './policy';
import { auditCsv, searchAudit, staffAuditRetentionJob } from './service';

const tags = ['staff-audit'];

/**
 * Issue 32 §6: the staff audit trail for MLS staff (decision 1131). Two reads and nothing else: no route under
 * api/app/StaffAudit writes, changes or deletes a row (a test walks the route table for it).
 */
export async function staffAuditRoutes(app: FastifyInstance): Promise<void> {
  const zone = app.config.mlsTimeZone;
  route(app, {
    method: 'GET',
    url: '/api/app/StaffAudit',
    guard: allow('staff-audit.read', isMlsStaff),
    summary: 'Staff actions across Portico, newest first: filtered by actor, subject, action and days, paged',
    tags,
    response: envelopeSchema(staffAuditEventSchema),
    query: staffAuditQuerySchema,
    handler: async ({ db, query }) => {
      const page = await searchAudit(db, query, zone);
      return envelope(page.events, '', { totalResults: page.totalResults, totalPages: page.totalPages });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/StaffAudit/Export',
    guard: allow('staff-audit.export', isMlsStaff),
    summary: 'The same filters as CSV, newest first',
    tags,
    query: staffAuditExportSchema,
    handler: async ({ db, query, reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="staff-audit-trail.csv"')
        .header('cache-control', 'no-store')
        .send(await auditCsv(db, query, zone)),
  });

  app.jobs.define(staffAuditRetentionJob(app.config.staffAuditDays));
}
