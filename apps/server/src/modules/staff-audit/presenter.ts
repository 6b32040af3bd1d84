import type { StaffAuditEvent } from '@portico/shared';
import type { StaffAuditRow } from './repository';

export function presentStaffAudit(row: StaffAuditRow): StaffAuditEvent {
  return {
    id: Number(row.id),
    actorLogin: row.actor_login,
    actorName: row.actor_name,
    actorLevel: Number(row.actor_level),
    action: row.action,
    area: row.area,
    route: row.route,
    subject: row.subject,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    occurredOn: new Date(row.occurred_on).toISOString(),
  };
}

/** Cells a spreadsheet would read as formulas are defused, as the other exports do. */
const csvCell = (v: string | number) => {
  const s = String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function staffAuditCsv(events: StaffAuditEvent[]): string {
  const lines = [['When (UTC)', 'Login ID', 'Name', 'Level', 'Action', 'Area', 'Route', 'Subject', 'Address', 'User agent'].join(',')];
  for (const e of events)
    lines.push(
      [e.occurredOn, e.actorLogin, e.actorName, e.actorLevel, e.action, e.area, e.route, e.subject, e.clientAddress, e.userAgent]
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}
