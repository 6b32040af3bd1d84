import { z } from 'zod';
import { calendarDate, id, pageIdField, pageSizeField } from './input';

/** The periods the usage figures are counted in, in the MLS's time zone (weeks start on Monday). */
export const USAGE_PERIODS = ['day', 'week', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** The longest span one request may ask for, in periods: a year of days, three years of weeks, five of months. */
export const USAGE_MAX_PERIODS: Record<UsagePeriod, number> = { day: 366, week: 157, month: 60 };

export const APPLICATION_USAGE_MESSAGES = {
  title: 'Application usage',
  fromAfterTo: 'The start date must be on or before the end date',
  tooLong: (period: UsagePeriod) => `At most ${USAGE_MAX_PERIODS[period]} ${period}s at a time`,
  loadFailed: 'The usage figures could not be loaded',
  noLaunches: 'No application was launched in this period.',
  everyoneLaunched: 'Every member has launched an application.',
  csvFailed: 'The CSV file could not be made',
} as const;

/** `GET api/app/ApplicationUsage` and `.../Csv`: the period, the dates (both included), one application or all. */
export const applicationUsageQuerySchema = z
  .object({
    period: z.enum(USAGE_PERIODS, { error: 'Must be day, week or month' }).default('day'),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    applicationId: id().optional(),
    pageId: pageIdField,
    pageSize: pageSizeField(100, 25),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: APPLICATION_USAGE_MESSAGES.fromAfterTo });
  });
export type ApplicationUsageQuery = z.input<typeof applicationUsageQuerySchema>;

/** `POST api/app/ApplicationLaunches`: the tile a member clicked. */
export const applicationLaunchSchema = z.object({ applicationId: id() });

/** One application's figures in one period. */
export interface ApplicationUsagePoint {
  /** The first day of the period, `YYYY-MM-DD`. */
  periodStart: string;
  applicationId: number;
  applicationName: string;
  launches: number;
  /** Distinct members who launched it in the period. */
  members: number;
  /** Launches refused (the member may not use the application). */
  refusals: number;
}

export interface TopApplication {
  applicationId: number;
  applicationName: string;
  launches: number;
  refusals: number;
}

export interface NeverLaunchedMember {
  memberId: number;
  loginId: string;
  name: string;
  officeName: string | null;
  association: string | null;
}

export interface ApplicationUsage {
  period: UsagePeriod;
  from: string;
  to: string;
  applicationId: number | null;
  /** 'association' for association staff (their association's members), 'mls' for MLS staff. */
  scope: 'association' | 'mls';
  /** The first day of every period from \`from\` to \`to\`, the chart's axis. */
  periods: string[];
  points: ApplicationUsagePoint[];
  topApplications: TopApplication[];
  totals: { launches: number; refusals: number };
  neverLaunched: { members: NeverLaunchedMember[]; totalResults: number; totalPages: number; pageId: number; pageSize: number };
}
