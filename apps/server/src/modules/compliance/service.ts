import {
  type BusinessCalendar,
  type BusinessCalendarAnswer,
  type CalendarDay,
  COMPLIANCE_LIMITS,
  type CompliancePolicy,
  type calendarDaySchema,
  canEditCompliancePolicy,
  closedDaysFrom,
  closedReason,
  type compliancePolicySchema,
  createBusinessCalendar,
  type ExemptionRules,
  fallsOnWeekend,
  COMPLIANCE_MESSAGES as M,
  todayIn,
  type Viewer,
} from '@portico/shared';
import { US_HOLIDAY_STATES, usHolidays, usHolidaysBetween } from '@portico/shared/holidays';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest } from '../../lib/errors';
import { presentCalendarDay, presentExemptionRules, presentPolicy } from './presenter';
import { deleteCalendarDay, findCalendarDay, insertCalendarDay, listCalendarDays, readPolicy, writePolicy } from './repository';

/** The holidays the calendar carries: the year before today's to three years after (decision 1045). */
const YEARS_BACK = 1;
const YEARS_AHEAD = 3;
const UPCOMING = 12;

const STATES = Object.entries(US_HOLIDAY_STATES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

export async function readCompliancePolicy(q: Queryable, viewer: Viewer): Promise<CompliancePolicy> {
  return presentPolicy(await readPolicy(q), { canEdit: canEditCompliancePolicy(viewer), states: STATES });
}

/**
 * What registering a listing needs of the policy, for every member (decision 1050): the exemptions the MLS accepts,
 * the delayed-marketing period and the disclosure deadline. The whole policy stays with staff.
 */
export async function readExemptionRules(q: Queryable): Promise<ExemptionRules> {
  return presentExemptionRules(await readPolicy(q));
}

/** The grace after the start marketing date, in business days: what the Clear Cooperation deadline adds (1080). */
export async function readMarketingGraceDays(q: Queryable): Promise<number> {
  return (await readPolicy(q)).marketing_grace_days;
}

/** Saves the whole policy in one write; the schema has refused inconsistent values with field errors. */
export async function updateCompliancePolicy(db: Db, viewer: Viewer, body: z.output<typeof compliancePolicySchema>) {
  return db.tx(async (q) => {
    await writePolicy(
      q,
      {
        acceptsOfficeExclusive: body.exemptionKinds.includes('office-exclusive'),
        acceptsDelayedMarketing: body.exemptionKinds.includes('delayed-marketing'),
        delayedMarketingDays: body.delayedMarketingDays,
        disclosureDeadlineDays: body.disclosureDeadlineDays,
        marketingGraceDays: body.marketingGraceDays,
        citationSuspendDays: body.citationSuspendDays,
        holidayState: body.holidayState,
      },
      viewer.memberId,
    );
    return readCompliancePolicy(q, viewer);
  });
}

/**
 * The MLS's business-day calendar as the server counts with it and every browser gets it: the MLS's zone, the
 * holidays (federal plus the policy's state) of the years around `now`, and the days staff set. Other modules count
 * their deadlines with `loadBusinessCalendar(...).calendar` (the Clear Cooperation watch, citations, training).
 */
export async function loadBusinessCalendar(
  q: Queryable,
  zone: string,
  now: Date = new Date(),
): Promise<{ calendar: BusinessCalendar; answer: BusinessCalendarAnswer }> {
  const [policy, days] = await Promise.all([readPolicy(q), listCalendarDays(q)]);
  const year = Number(todayIn(zone, now).slice(0, 4));
  const holidays = usHolidaysBetween(year - YEARS_BACK, year + YEARS_AHEAD, policy.holiday_state);
  const closures = days.filter((d) => d.kind === 'closed').map((d) => ({ date: d.day, name: d.name }));
  const openings = days.filter((d) => d.kind === 'open').map((d) => d.day);
  const calendar = createBusinessCalendar({ zone, holidays, closures, openings });
  const answer: BusinessCalendarAnswer = {
    zone,
    holidays,
    closures,
    openings,
    coversFrom: `${year - YEARS_BACK}-01-01`,
    coversTo: `${year + YEARS_AHEAD}-12-31`,
    upcoming: closedDaysFrom(calendar, todayIn(zone, now), UPCOMING),
    days: days.map(presentCalendarDay),
  };
  return { calendar, answer };
}

function assertInRange(date: string, zone: string, now: Date): void {
  const today = todayIn(zone, now);
  const year = Number(today.slice(0, 4));
  const first = `${year - COMPLIANCE_LIMITS.calendarYearsBack}-01-01`;
  const last = `${year + COMPLIANCE_LIMITS.calendarYearsAhead}${today.slice(4)}`;
  if (date < first || date > last) throw badRequest(M.dateOutOfRange, [{ field: 'date', message: M.dateOutOfRange }]);
}

/**
 * Adds a closure (a business day the MLS closes) or keeps a holiday open. A weekend or a holiday is already closed,
 * and only a holiday can be kept open: both are refused with a field error. One day holds one entry.
 */
export async function addCalendarDay(
  db: Db,
  viewer: Viewer,
  body: z.output<typeof calendarDaySchema>,
  zone: string,
  now: Date = new Date(),
): Promise<CalendarDay> {
  assertInRange(body.date, zone, now);
  return db.tx(async (q) => {
    const policy = await readPolicy(q);
    const year = Number(body.date.slice(0, 4));
    const holidaysOnly = createBusinessCalendar({ zone, holidays: usHolidays(year, policy.holiday_state) });
    const reason = closedReason(holidaysOnly, body.date);
    if (body.kind === 'closed' && reason === 'weekend')
      throw badRequest(M.weekendAlreadyClosed, [{ field: 'date', message: M.weekendAlreadyClosed }]);
    if (body.kind === 'closed' && reason) throw badRequest(M.holidayAlreadyClosed, [{ field: 'date', message: M.holidayAlreadyClosed }]);
    // A holiday on a weekend stays closed whatever staff say: only a weekday holiday can be kept open.
    if (body.kind === 'open' && (reason === null || reason === 'weekend' || fallsOnWeekend(holidaysOnly, body.date)))
      throw badRequest(M.onlyHolidaysOpen, [{ field: 'date', message: M.onlyHolidaysOpen }]);
    const name = body.kind === 'open' && !body.name && reason && reason !== 'weekend' ? reason.name : body.name;
    if (!(await insertCalendarDay(q, { date: body.date, kind: body.kind, name }, viewer.memberId)))
      throw new AppError('CONFLICT', M.dayTaken, [{ field: 'date', message: M.dayTaken }]);
    const row = await findCalendarDay(q, body.date);
    return presentCalendarDay(row!);
  });
}

export async function removeCalendarDay(db: Db, date: string): Promise<void> {
  await db.tx(async (q) => {
    if (!(await deleteCalendarDay(q, date))) throw new AppError('NOT_FOUND', M.dayNotFound, [{ field: 'date', message: M.dayNotFound }]);
  });
}
