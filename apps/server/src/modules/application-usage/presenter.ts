import type { ApplicationUsage, ApplicationUsagePoint, TopApplication, UsagePeriod } from '@portico/shared';
import type { NeverLaunchedRow, UsageRow } from './repository';

/** How many applications the top list names. */
export const TOP_APPLICATIONS = 10;

export interface UsageParts {
  period: UsagePeriod;
  from: string;
  to: string;
  applicationId: number | null;
  scope: ApplicationUsage['scope'];
  periods: string[];
  rows: UsageRow[];
  never: NeverLaunchedRow[];
  /** How many members the never-launched list has in all. */
  neverTotal: number;
  pageId: number;
  pageSize: number;
}

export function presentPoint(r: UsageRow): ApplicationUsagePoint {
  return {
    periodStart: r.period_start,
    applicationId: r.application_id,
    applicationName: r.application_name,
    launches: r.launches,
    members: r.members,
    refusals: r.refusals,
  };
}

/** The applications launched most in the span, from the same figures (launches add up; members do not). */
export function topApplications(points: ApplicationUsagePoint[]): TopApplication[] {
  const byApp = new Map<number, TopApplication>();
  for (const p of points) {
    const top = byApp.get(p.applicationId) ?? {
      applicationId: p.applicationId,
      applicationName: p.applicationName,
      launches: 0,
      refusals: 0,
    };
    top.launches += p.launches;
    top.refusals += p.refusals;
    byApp.set(p.applicationId, top);
  }
  return [...byApp.values()]
    .filter((t) => t.launches > 0)
    .sort((a, b) => b.launches - a.launches || a.applicationName.localeCompare(b.applicationName))
    .slice(0, TOP_APPLICATIONS);
}

export function presentUsage(parts: UsageParts): ApplicationUsage {
  const points = parts.rows.map(presentPoint);
  const total = parts.neverTotal;
  return {
    period: parts.period,
    from: parts.from,
    to: parts.to,
    applicationId: parts.applicationId,
    scope: parts.scope,
    periods: parts.periods,
    points,
    topApplications: topApplications(points),
    totals: {
      launches: points.reduce((n, p) => n + p.launches, 0),
      refusals: points.reduce((n, p) => n + p.refusals, 0),
    },
    neverLaunched: {
      members: parts.never.map((m) => ({
        memberId: m.id,
        loginId: m.login_id,
        name: `${m.first_name} ${m.last_name}`.trim(),
        officeName: m.office_name,
        association: m.association,
      })),
      totalResults: total,
      totalPages: Math.ceil(total / parts.pageSize),
      pageId: parts.pageId,
      pageSize: parts.pageSize,
    },
  };
}

/** A spreadsheet cell: quoted when needed, and a leading = + - @ defused so no spreadsheet reads it as a formula. */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The figures as CSV (RFC 4180, CRLF): one line per period and application. */
export function usageCsv(usage: ApplicationUsage): string {
  const lines = [['Period start', 'Period', 'Application ID', 'Application', 'Launches', 'Distinct members', 'Refusals']];
  for (const p of usage.points) {
    lines.push([
      p.periodStart,
      usage.period,
      String(p.applicationId),
      p.applicationName,
      String(p.launches),
      String(p.members),
      String(p.refusals),
    ]);
  }
  return `${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}
