import { Temporal } from 'temporal-polyfill';
import { USAGE_MAX_PERIODS, type UsagePeriod } from '../contracts/application-usage';

/** How many periods the usage screen shows when no dates are given: 30 days, 12 weeks or 12 months to today. */
export const USAGE_DEFAULT_PERIODS: Record<UsagePeriod, number> = { day: 30, week: 12, month: 12 };

const unit = { day: 'days', week: 'weeks', month: 'months' } as const;

/** The first day of the period holding `date` (weeks start on Monday, as PostgreSQL's date_trunc cuts them). */
export function periodStartOf(date: string, period: UsagePeriod): string {
  const d = Temporal.PlainDate.from(date);
  if (period === 'week') return d.subtract({ days: d.dayOfWeek - 1 }).toString();
  if (period === 'month') return d.with({ day: 1 }).toString();
  return d.toString();
}

/** The first days of every period from the one holding `from` to the one holding `to`, in order. */
export function periodStarts(from: string, to: string, period: UsagePeriod): string[] {
  const last = Temporal.PlainDate.from(periodStartOf(to, period));
  const starts: string[] = [];
  for (let d = Temporal.PlainDate.from(periodStartOf(from, period)); Temporal.PlainDate.compare(d, last) <= 0; ) {
    starts.push(d.toString());
    d = d.add({ [unit[period]]: 1 });
  }
  return starts;
}

/** The number of periods from the one holding `from` to the one holding `to` (0 when `from` is later). */
export function periodCount(from: string, to: string, period: UsagePeriod): number {
  const a = Temporal.PlainDate.from(periodStartOf(from, period));
  const b = Temporal.PlainDate.from(periodStartOf(to, period));
  if (Temporal.PlainDate.compare(a, b) > 0) return 0;
  return a.until(b, { largestUnit: unit[period] })[unit[period]] + 1;
}

/** The dates of a request: the given ones, else the default span ending today (or at `to`). */
export function usageRange(period: UsagePeriod, today: string, from?: string, to?: string): { from: string; to: string } {
  const end = to ?? today;
  if (from) return { from, to: end };
  const start = Temporal.PlainDate.from(periodStartOf(end, period)).subtract({ [unit[period]]: USAGE_DEFAULT_PERIODS[period] - 1 });
  return { from: start.toString(), to: end };
}

/** Whether a span is within what one request may ask for. */
export function isUsageSpanAllowed(from: string, to: string, period: UsagePeriod): boolean {
  return periodCount(from, to, period) <= USAGE_MAX_PERIODS[period];
}

/** Who sees the usage figures: association staff (level 4, their association's members) and MLS staff (level 5). */
export function canSeeApplicationUsage(viewer: { level: number }): boolean {
  return viewer.level >= 4;
}
