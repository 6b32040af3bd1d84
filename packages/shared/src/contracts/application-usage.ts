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

/** `POST api/app/ApplicationLaunches`: whether the launch was recorded. */
export const applicationLaunchRecordedSchema = z.object({ recorded: z.boolean() });

/** One application's figures in one period. */
export const applicationUsagePointSchema = z.object({
  /** The first day of the period, `YYYY-MM-DD`. */
  periodStart: z.string(),
  applicationId: z.number(),
  applicationName: z.string(),
  launches: z.number(),
  /** Distinct members who launched it in the period. */
  members: z.number(),
  /** Launches refused (the member may not use the application). */
  refusals: z.number(),
});
export type ApplicationUsagePoint = z.infer<typeof applicationUsagePointSchema>;

export const topApplicationSchema = z.object({
  applicationId: z.number(),
  applicationName: z.string(),
  launches: z.number(),
  refusals: z.number(),
});
export type TopApplication = z.infer<typeof topApplicationSchema>;

export const neverLaunchedMemberSchema = z.object({
  memberId: z.number(),
  loginId: z.string(),
  name: z.string(),
  officeName: z.string().nullable(),
  association: z.string().nullable(),
});
export type NeverLaunchedMember = z.infer<typeof neverLaunchedMemberSchema>;

export const applicationUsageSchema = z.object({
  period: z.enum(USAGE_PERIODS),
  from: z.string(),
  to: z.string(),
  applicationId: z.number().nullable(),
  /** 'association' for association staff (their association's members), 'mls' for MLS staff. */
  scope: z.enum(['association', 'mls']),
  /** The first day of every period from \`from\` to \`to\`, the chart's axis. */
  periods: z.array(z.string()),
  points: z.array(applicationUsagePointSchema),
  topApplications: z.array(topApplicationSchema),
  totals: z.object({ launches: z.number(), refusals: z.number() }),
  neverLaunched: z.object({
    members: z.array(neverLaunchedMemberSchema),
    totalResults: z.number(),
    totalPages: z.number(),
    pageId: z.number(),
    pageSize: z.number(),
  }),
});
export type ApplicationUsage = z.infer<typeof applicationUsageSchema>;
