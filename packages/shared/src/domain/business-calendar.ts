import { Temporal } from 'temporal-polyfill';
import { zonedIn } from './mls-time';

/**
 * The MLS's business-day calendar (decision 1045): weekends, the MLS's holidays (observed days, from the holiday
 * library on the server: `holidays.ts`) and the days staff close or open, read in the MLS's time zone. Every
 * compliance deadline (Clear Cooperation, seller disclosures, citations, required training) is counted here, by the
 * same pure functions on the server and in the browser; the browser gets the holiday days from the server.
 *
 * Counting rule: "N business days after a moment" is the end of the Nth business day strictly after the moment's
 * day on the MLS's wall clock. A listing registered Monday 23:59 Pacific has Tuesday as its first business day (its
 * moment is still Monday there, whatever UTC says); one registered on a Saturday has Monday.
 */

/** A day the MLS is closed beyond weekends: a holiday (from the library) or a closure staff added. */
export interface ClosedDay {
  date: string;
  name: string;
  kind: 'holiday' | 'closure';
}

export interface BusinessCalendarInput {
  /** The MLS's IANA zone (`MLS_TIME_ZONE`, decision 0969). */
  zone: string;
  /** The holidays' observed days, 'YYYY-MM-DD' (several entries may share a day). */
  holidays: ReadonlyArray<{ date: string; name: string }>;
  /** Days staff close the MLS on (the day after Thanksgiving, say). */
  closures?: ReadonlyArray<{ date: string; name: string }>;
  /** Holidays or weekdays staff keep open: they count as business days. */
  openings?: ReadonlyArray<string>;
  /** ISO weekdays that are weekend (1 = Monday ... 7 = Sunday); Saturday and Sunday by default. */
  weekend?: ReadonlyArray<number>;
}

export interface BusinessCalendar {
  readonly zone: string;
  readonly weekend: ReadonlySet<number>;
  /** The named closed days by date (holidays minus openings, plus closures). */
  readonly closed: ReadonlyMap<string, ClosedDay>;
  /** Dates kept open: a weekend day listed here stays closed (opening a weekend is not a thing an MLS does). */
  readonly openings: ReadonlySet<string>;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** No deadline rule reaches further than this many business days (a year of them, with room). */
export const MAX_BUSINESS_DAYS = 400;

export function createBusinessCalendar(input: BusinessCalendarInput): BusinessCalendar {
  const openings = new Set(input.openings ?? []);
  const closed = new Map<string, ClosedDay>();
  for (const h of input.holidays) {
    if (openings.has(h.date) || closed.has(h.date)) continue;
    closed.set(h.date, { date: h.date, name: h.name, kind: 'holiday' });
  }
  // A closure wins over a holiday of the same day (staff named it) and over an opening (staff closed it after all).
  for (const c of input.closures ?? []) closed.set(c.date, { date: c.date, name: c.name, kind: 'closure' });
  return { zone: input.zone, weekend: new Set(input.weekend ?? [6, 7]), closed, openings };
}

const plain = (date: string) => Temporal.PlainDate.from(date);

/** Whether a calendar day ('YYYY-MM-DD') is a business day: not a weekend, holiday or closure. */
export function isBusinessDay(calendar: BusinessCalendar, date: string): boolean {
  return closedReason(calendar, date) === null;
}

/** Why a day is closed: 'weekend', or the holiday or closure of that day; null on a business day. */
export function closedReason(calendar: BusinessCalendar, date: string): 'weekend' | ClosedDay | null {
  const day = calendar.closed.get(date);
  if (day) return day;
  return fallsOnWeekend(calendar, date) ? 'weekend' : null;
}

/** Whether a calendar day falls on the calendar's weekend (a holiday on it included). */
export function fallsOnWeekend(calendar: BusinessCalendar, date: string): boolean {
  return calendar.weekend.has(plain(date).dayOfWeek);
}

/** The MLS's calendar day of an instant. */
export function businessDateOf(calendar: BusinessCalendar, moment: Date | number | string): string {
  return zonedIn(calendar.zone, moment).toPlainDate().toString();
}

/**
 * The Nth business day strictly after a calendar day; for n = 0 the day itself when it is a business day, else the
 * next business day (what "by the end of the day, or of the next business day" reads).
 */
export function businessDayAfter(calendar: BusinessCalendar, date: string, n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > MAX_BUSINESS_DAYS) throw new RangeError(`business days must be 0 to ${MAX_BUSINESS_DAYS}`);
  let day = plain(date);
  if (n === 0) {
    while (!isBusinessDay(calendar, day.toString())) day = day.add({ days: 1 });
    return day.toString();
  }
  let left = n;
  while (left > 0) {
    day = day.add({ days: 1 });
    if (isBusinessDay(calendar, day.toString())) left -= 1;
  }
  return day.toString();
}

/** The instant a calendar day of the MLS ends: midnight starting the next day there (a DST day has 23 or 25 hours). */
export function endOfDayIn(zone: string, date: string): Date {
  return new Date(plain(date).add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds);
}

/** The instant a calendar day of the MLS begins. */
export function startOfDayIn(zone: string, date: string): Date {
  return new Date(plain(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds);
}

export interface BusinessDeadline {
  /** The last business day, 'YYYY-MM-DD' on the MLS's calendar. */
  date: string;
  /** The instant it ends (exclusive): late from this instant on. */
  endsAt: Date;
}

/** "N business days after a moment": the end of the Nth business day after the moment's day in the MLS's zone. */
export function addBusinessDays(calendar: BusinessCalendar, moment: Date | number | string, n: number): BusinessDeadline {
  return businessDeadlineAfterDate(calendar, businessDateOf(calendar, moment), n);
}

/** "N business days after a calendar day" (a start marketing date, say), ending at the end of that business day. */
export function businessDeadlineAfterDate(calendar: BusinessCalendar, date: string, n: number): BusinessDeadline {
  const last = businessDayAfter(calendar, date, n);
  return { date: last, endsAt: endOfDayIn(calendar.zone, last) };
}

/** The end of the Nth business day after a day, as an instant ("end of business day N"). */
export function endOfBusinessDay(calendar: BusinessCalendar, date: string, n: number): Date {
  return businessDeadlineAfterDate(calendar, date, n).endsAt;
}

/**
 * Business days from one calendar day to another: those after `from` up to and including `to` (Friday to Monday is
 * 1); negative when `to` is before `from`, 0 when they are the same day.
 */
export function businessDaysBetweenDates(calendar: BusinessCalendar, from: string, to: string): number {
  const order = Temporal.PlainDate.compare(plain(from), plain(to));
  if (order === 0) return 0;
  const [start, end, sign] = order < 0 ? [plain(from), plain(to), 1] : [plain(to), plain(from), -1];
  let count = 0;
  for (let day = start.add({ days: 1 }); Temporal.PlainDate.compare(day, end) <= 0; day = day.add({ days: 1 })) {
    if (isBusinessDay(calendar, day.toString())) count += 1;
  }
  return sign * count;
}

/** Business days left from a moment to a deadline's day, on the MLS's calendar (0 on the deadline's own day). */
export function businessDaysBetween(calendar: BusinessCalendar, from: Date | number | string, to: Date | number | string): number {
  return businessDaysBetweenDates(calendar, businessDateOf(calendar, from), businessDateOf(calendar, to));
}

/** Whether a moment falls on a business day of the MLS. */
export function isBusinessMoment(calendar: BusinessCalendar, moment: Date | number | string): boolean {
  return isBusinessDay(calendar, businessDateOf(calendar, moment));
}

/**
 * The named closed days from a day on, in order, at most `limit`: holidays and closures that close a weekday (a
 * Saturday holiday closes nothing more; its observed Friday is listed instead).
 */
export function closedDaysFrom(calendar: BusinessCalendar, from: string, limit: number): ClosedDay[] {
  return [...calendar.closed.values()]
    .filter((d) => d.date >= from && !calendar.weekend.has(plain(d.date).dayOfWeek))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .slice(0, limit);
}
