import { Temporal } from 'temporal-polyfill';
import { wallClockIn } from './mls-time';
import { TRAINING } from './training-constants';
import { TRAINING_MESSAGES } from './training-messages';

/**
 * The requested date of a course request (seed 002 section 5) is a wall-clock time of the MLS's working day: it
 * travels as 'YYYY-MM-DDTHH:mm:ss' without a zone and is read on the wall clock of the MLS's (or the association's)
 * time zone, whichever zone the server or the browser checking it runs in (decision 0969).
 */
const minutesOf = (hour: number, minute: number) => hour * 60 + minute;
const EARLIEST = minutesOf(TRAINING.requestEarliest.hour, TRAINING.requestEarliest.minute);
const LATEST = minutesOf(TRAINING.requestLatest.hour, TRAINING.requestLatest.minute);
const STEP = TRAINING.requestStepMinutes;

type Day = Temporal.PlainDate;
const isWeekendOf = (d: Day) => d.dayOfWeek >= 6;

/** A local Date that falls on a Saturday or a Sunday (a date picker's cell). */
export const isWeekend = (d: Date) => d.getDay() === 0 || d.getDay() === 6;

/** Whether a calendar day ('YYYY-MM-DD') is a Saturday or a Sunday. */
export const isWeekendDay = (date: string) => isWeekendOf(Temporal.PlainDate.from(date.slice(0, 10)));

const atMinutes = (day: Day, minutes: number) => day.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });

function nextWeekdayAtEarliest(day: Day): Temporal.PlainDateTime {
  let d = day.add({ days: 1 });
  while (isWeekendOf(d)) d = d.add({ days: 1 });
  return atMinutes(d, EARLIEST);
}

const text = (d: Temporal.PlainDateTime) => d.toString({ smallestUnit: 'second' });

/**
 * The earliest requestable wall clock of `zone`: now there rounded up to :00 or :30 when that is within 8:30-16:00 on
 * a weekday; otherwise the next weekday's 8:30. As 'YYYY-MM-DDTHH:mm:ss'.
 */
export function earliestRequestDate(now: Date, zone: string): string {
  const wall = wallClockIn(zone, now);
  const day = wall.toPlainDate();
  if (isWeekendOf(day)) return text(nextWeekdayAtEarliest(day));
  const exact = wall.second === 0 && wall.millisecond === 0;
  const current = minutesOf(wall.hour, wall.minute);
  const rounded = current % STEP === 0 && exact ? current : (Math.floor(current / STEP) + 1) * STEP;
  if (rounded <= EARLIEST) return text(atMinutes(day, EARLIEST));
  if (rounded <= LATEST) return text(atMinutes(day, rounded));
  return text(nextWeekdayAtEarliest(day));
}

/** One year out from today in `zone`, at 16:00 of the last weekday on or before that day. */
export function latestRequestDate(now: Date, zone: string): string {
  let d = wallClockIn(zone, now).toPlainDate().add({ years: TRAINING.requestRangeYears });
  while (isWeekendOf(d)) d = d.subtract({ days: 1 });
  return text(atMinutes(d, LATEST));
}

/** Whether a wall-clock time is one of the 30-minute steps between 8:30 and 16:00. */
function isRequestTimeOfDay(d: Temporal.PlainDateTime): boolean {
  const m = minutesOf(d.hour, d.minute);
  return d.second === 0 && d.millisecond === 0 && m % STEP === 0 && m >= EARLIEST && m <= LATEST;
}

/** Every time of day a member may pick, 'HH:mm' from 08:30 to 16:00. */
export function requestTimeSlots(): string[] {
  const slots: string[] = [];
  for (let m = EARLIEST; m <= LATEST; m += STEP)
    slots.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return slots;
}

/** The times offered on a day ('YYYY-MM-DD'), on the wall clock of `zone`: none outside the requestable days. */
export function requestSlotsOn(date: string, zone: string, now: Date = new Date()): string[] {
  const earliest = earliestRequestDate(now, zone);
  const latest = latestRequestDate(now, zone);
  if (date < earliest.slice(0, 10) || date > latest.slice(0, 10) || isWeekendDay(date)) return [];
  return requestTimeSlots().filter((t) => `${date}T${t}:00` >= earliest && `${date}T${t}:00` <= latest);
}

/** Null when the requested wall clock of `zone` is allowed, else the message to show on the date field. */
export function requestDateProblem(value: string, zone: string, now: Date = new Date()): string | null {
  const d = parsePlainWallClock(value);
  if (!d) return TRAINING_MESSAGES.invalidDate;
  if (isWeekendOf(d.toPlainDate()) || !isRequestTimeOfDay(d)) return TRAINING_MESSAGES.dateOutOfRange;
  const wall = text(d);
  if (wall < earliestRequestDate(now, zone) || wall > latestRequestDate(now, zone)) return TRAINING_MESSAGES.dateOutOfRange;
  return null;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DDTHH:mm[:ss]' as a wall clock of no zone; null when it is not a real date and time. */
export function parsePlainWallClock(value: string): Temporal.PlainDateTime | null {
  const m = WALL_CLOCK.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  try {
    return Temporal.PlainDateTime.from({ year, month, day, hour, minute, second }, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** 'YYYY-MM-DDTHH:mm[:ss]' read as local time; null when it is not a real date. */
export function parseWallClock(value: string): Date | null {
  const d = parsePlainWallClock(value);
  if (!d) return null;
  const local = new Date(d.year, d.month - 1, d.day, d.hour, d.minute, d.second);
  return local.getHours() === d.hour ? local : null;
}

/** A local Date as the wall-clock text the API carries. */
export function toWallClock(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
