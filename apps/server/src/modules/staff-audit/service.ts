import type { StaffAuditEvent, StaffAuditExportQuery, StaffAuditFilters } from '@portico/shared';
import type { Db } from '../../db/index';
import type { JobDefinition } from '../../plugins/jobs';
import { presentStaffAudit, staffAuditCsv } from './presenter';
import { deleteStaffAuditBefore, exportStaffAudit, searchStaffAudit } from './repository';

/** At most this many rows in one CSV; narrower filters get the rest. */
export const STAFF_AUDIT_EXPORT_MAX = 50_000;

export async function searchAudit(
  db: Db,
  f: StaffAuditFilters,
  zone: string,
): Promise<{ events: StaffAuditEvent[]; totalResults: number; totalPages: number }> {
  const { rows, total } = await searchStaffAudit(db, f, zone, { pageId: f.pageId, pageSize: f.pageSize });
  return { events: rows.map(presentStaffAudit), totalResults: total, totalPages: Math.ceil(total / f.pageSize) };
}

export async function auditCsv(db: Db, f: StaffAuditExportQuery, zone: string): Promise<string> {
  return staffAuditCsv((await exportStaffAudit(db, f, zone, STAFF_AUDIT_EXPORT_MAX)).map(presentStaffAudit));
}

export const STAFF_AUDIT_RETENTION_JOB = 'staff-audit-retention';

/** Nightly: rows older than STAFF_AUDIT_DAYS are deleted, in one transaction that allows it (migration 1131). */
export function staffAuditRetentionJob(days: number): JobDefinition {
  return {
    name: STAFF_AUDIT_RETENTION_JOB,
    cron: '50 3 * * *',
    run: async (db) => ({ deleted: await db.tx((q) => deleteStaffAuditBefore(q, days)) }),
  };
}
