import { Temporal } from 'temporal-polyfill';

/**
 * The MLS's time (decision 0969): 'today', the greeting's hour, course request slots, expiry days and 'prior to
 * today' are read in the MLS's (or the member's association's) IANA time zone, never in the time zone of the
 * process or the browser that happens to compute them. Every function takes the zone explicitly.
 */
export const DEFAULT_MLS_TIME_ZONE = 'America/Los_Angeles';

/** The zone a member's rules read: their association's own zone when it has one, else the MLS's. */
export function zoneOf(viewer: { aorTimeZone?: string | null } | null | undefined, mlsTimeZone: string): string {
  return viewer?.aorTimeZone || mlsTimeZone;
}

/** Whether `zone` is an IANA time zone name (or UTC) that Temporal knows. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.trim() !== zone) return false;
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

/** An instant (a Date, epoch milliseconds or an ISO string with an offset) as a zoned date-time in `zone`. */
export function zonedIn(zone: string, at: Date | number | string = new Date()): Temporal.ZonedDateTime {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? new Date(at).getTime() : at.getTime();
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
}

/** The wall clock in `zone` at an instant. */
export function wallClockIn(zone: string, at: Date | number | string = new Date()): Temporal.PlainDateTime {
  return zonedIn(zone, at).toPlainDateTime();
}

/** One date formatter per zone: a report reads the day of hundreds of instants (Temporal's polyfill is 20x slower). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (!format) {
    // Validates the zone as Temporal does (a RangeError for an unknown one) before Intl is trusted with it.
    zonedIn(zone, 0);
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'iso8601' });
    dayFormats.set(zone, format);
  }
  return format;
}

/** Today in `zone` as 'YYYY-MM-DD'. */
export function todayIn(zone: string, now: Date = new Date()): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of dayFormat(zone).formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** The hour (0-23) in `zone`: what the greeting reads. */
export function hourIn(zone: string, now: Date = new Date()): number {
  return zonedIn(zone, now).hour;
}

/** A wall-clock text ('YYYY-MM-DDTHH:mm[:ss]') of `zone` as the instant it names (the later one in a DST fold). */
export function instantOfWallClock(text: string, zone: string): Date {
  const zoned = Temporal.PlainDateTime.from(text).toZonedDateTime(zone, { disambiguation: 'compatible' });
  return new Date(zoned.epochMilliseconds);
}

/** An instant as the wall-clock text of `zone`, 'YYYY-MM-DDTHH:mm:ss' (what a calendar drawn in that zone places). */
export function wallClockTextIn(zone: string, at: Date | number | string): string {
  return wallClockIn(zone, at).toString({ smallestUnit: 'second' });
}

/** Whether a calendar day ('YYYY-MM-DD…') is today or earlier in `zone`: 'must be prior to today' allows today. */
export function isOnOrBeforeToday(date: string, zone: string, now: Date = new Date()): boolean {
  return date.slice(0, 10) <= todayIn(zone, now);
}

/** Whether an expiration day ('YYYY-MM-DD') has passed in `zone`: the day itself still counts. */
export function isExpiredDay(expirationDate: string, zone: string, now: Date = new Date()): boolean {
  return expirationDate.slice(0, 10) < todayIn(zone, now);
}

/** Whole days from today in `zone` to a calendar day (negative when it is past). */
export function daysFromToday(date: string, zone: string, now: Date = new Date()): number {
  return Temporal.PlainDate.from(todayIn(zone, now)).until(Temporal.PlainDate.from(date.slice(0, 10)), { largestUnit: 'day' }).days;
}

/** A zone's everyday English name ('Pacific Time', 'Central Time'), else its IANA name. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

const PAD = (n: number) => String(n).padStart(2, '0');

/**
 * A zone's short name at an instant ('PST' in winter, 'PDT' in summer, 'CST', 'JST'; 'GMT+9' where English has no
 * abbreviation), else its IANA name.
 */
export function zoneAbbreviation(zone: string, at: Date | number | string = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

/** 'MM/DD/YYYY hh:mm A PST': an instant on the wall clock of `zone`, with the zone's abbreviation at that instant. */
export function formatDateTimeZoned(zone: string, at: Date | number | string): string {
  return `${formatDateTimeIn(zone, at)} ${zoneAbbreviation(zone, at)}`;
}

/** 'hh:mm A PDT': an instant's time in `zone`, with the zone's abbreviation at that instant. */
export function formatTimeZoned(zone: string, at: Date | number | string): string {
  return `${formatTimeIn(zone, at)} ${zoneAbbreviation(zone, at)}`;
}

/** 'MM/DD/YYYY hh:mm A' of an instant on the wall clock of `zone` (seed 002 section 9 format). */
export function formatDateTimeIn(zone: string, at: Date | number | string): string {
  return formatWallClock(wallClockIn(zone, at));
}

/** 'MM/DD/YYYY' of an instant in `zone`. */
export function formatDateIn(zone: string, at: Date | number | string): string {
  const d = wallClockIn(zone, at);
  return `${PAD(d.month)}/${PAD(d.day)}/${d.year}`;
}

/** 'hh:mm A' of an instant in `zone`. */
export function formatTimeIn(zone: string, at: Date | number | string): string {
  const d = wallClockIn(zone, at);
  return `${PAD(d.hour % 12 || 12)}:${PAD(d.minute)} ${d.hour < 12 ? 'AM' : 'PM'}`;
}

/** 'MM/DD/YYYY hh:mm A' of a wall-clock text or value, without moving it to any zone. */
export function formatWallClock(value: string | Temporal.PlainDateTime): string {
  const d = typeof value === 'string' ? Temporal.PlainDateTime.from(value) : value;
  return `${PAD(d.month)}/${PAD(d.day)}/${d.year} ${PAD(d.hour % 12 || 12)}:${PAD(d.minute)} ${d.hour < 12 ? 'AM' : 'PM'}`;
}

/** Whether two zones' clocks read differently at an instant (Tokyo and Los Angeles do; UTC-8 and Los Angeles in winter not). */
export function clocksDiffer(zone: string, other: string, at: Date | number | string = new Date()): boolean {
  try {
    return wallClockTextIn(zone, at) !== wallClockTextIn(other, at);
  } catch {
    return true;
  }
}
