import { z } from 'zod';
import { calendarDate, pageIdField, pageSizeField, text } from './input';

/** One row of the staff audit trail, as `GET api/app/StaffAudit` lists it (issue 32 §6, decision 1131). */
export const staffAuditEventSchema = z.object({
  id: z.number(),
  actorLogin: z.string(),
  actorName: z.string(),
  /** 4: association staff, 5: MLS staff. */
  actorLevel: z.number(),
  /** The route's guarded action: 'account-security.unlock', 'articles.update'. */
  action: z.string(),
  /** The feature: 'account-security', 'articles'. */
  area: z.string(),
  /** 'POST /api/app/AccountSecurity/Unlock'. */
  route: z.string(),
  /** On whom or which record: 'login=jdoe; id=12'. */
  subject: z.string(),
  clientAddress: z.string(),
  userAgent: z.string(),
  occurredOn: z.string(),
});
export type StaffAuditEvent = z.infer<typeof staffAuditEventSchema>;

export const STAFF_AUDIT_MESSAGES = {
  tab: 'Audit trail',
  fetchFailed: 'There was an error fetching the audit trail.',
  empty: 'No staff action matches these filters.',
  rangeBackwards: 'The end date is before the start date.',
  intro:
    'Every change that association and MLS staff made: who, what, on whom or which record, when and from where. Rows are never changed or deleted, only expired after the configured time.',
} as const;

const filters = {
  /** Part of the staff member's login id or name. */
  actor: text(100).trim().optional(),
  /** Part of the subject: a login id, a record id ('id=12'). */
  subject: text(100).trim().optional(),
  /** Part of the action or the route: 'unlock', 'articles'. */
  action: text(100).trim().optional(),
  /** From this day (MLS time zone), inclusive. */
  from: calendarDate().optional(),
  /** To this day (MLS time zone), inclusive. */
  to: calendarDate().optional(),
};

const inOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;

export const staffAuditQuerySchema = z
  .object({ ...filters, pageId: pageIdField, pageSize: pageSizeField(100, 25) })
  .refine(inOrder, { path: ['to'], message: STAFF_AUDIT_MESSAGES.rangeBackwards });
export type StaffAuditQuery = z.input<typeof staffAuditQuerySchema>;
export type StaffAuditFilters = z.output<typeof staffAuditQuerySchema>;

export const staffAuditExportSchema = z.object(filters).refine(inOrder, { path: ['to'], message: STAFF_AUDIT_MESSAGES.rangeBackwards });
export type StaffAuditExportQuery = z.output<typeof staffAuditExportSchema>;
