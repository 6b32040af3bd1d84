import { TRAINING } from './training-constants';
import { TRAINING_MESSAGES } from './training-messages';

/**
 * The requested date of a course request (seed 002 section 5) is a wall-clock time of the MLS's working day: it
 * travels as 'YYYY-MM-DDTHH:mm:ss' without a zone and is read in the local time of whoever checks it.
 */
const minutesOf = (hour: number, minute: number) => hour * 60 + minute;
const EARLIEST = minutesOf(TRAINING.requestEarliest.hour, TRAINING.requestEarliest.minute);
const LATEST = minutesOf(TRAINING.requestLatest.hour, TRAINING.requestLatest.minute);
const STEP = TRAINING.requestStepMinutes;

export const isWeekend = (d: Date) => d.getDay() === 0 || d.getDay() === 6;

function atMinutes(day: Date, minutes: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60, 0, 0);
}

function nextWeekdayAtEarliest(day: Date): Date {
  let d = atMinutes(new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1), EARLIEST);
  while (isWeekend(d)) d = atMinutes(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1), EARLIEST);
  return d;
}

/** Now rounded up to :00 or :30 today when that is within 8:30-16:00 on a weekday; otherwise the next 8:30. */
export function earliestRequestDate(now: Date): Date {
  if (isWeekend(now)) return nextWeekdayAtEarliest(now);
  const exact = now.getSeconds() === 0 && now.getMilliseconds() === 0;
  const current = minutesOf(now.getHours(), now.getMinutes());
  const rounded = current % STEP === 0 && exact ? current : (Math.floor(current / STEP) + 1) * STEP;
  if (rounded <= EARLIEST) return atMinutes(now, EARLIEST);
  if (rounded <= LATEST) return atMinutes(now, rounded);
  return nextWeekdayAtEarliest(now);
}

/** One year out, at 16:00 of the last weekday on or before that day. */
export function latestRequestDate(now: Date): Date {
  let d = atMinutes(new Date(now.getFullYear() + TRAINING.requestRangeYears, now.getMonth(), now.getDate()), LATEST);
  while (isWeekend(d)) d = atMinutes(new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1), LATEST);
  return d;
}

/** Whether a time of day is one of the 30-minute steps between 8:30 and 16:00. */
export function isRequestTimeOfDay(d: Date): boolean {
  const m = minutesOf(d.getHours(), d.getMinutes());
  return d.getSeconds() === 0 && d.getMilliseconds() === 0 && m % STEP === 0 && m >= EARLIEST && m <= LATEST;
}

/** The times a member may pick, 'HH:mm' from 08:30 to 16:00. */
export function requestTimeSlots(): string[] {
  const slots: string[] = [];
  for (let m = EARLIEST; m <= LATEST; m += STEP)
    slots.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return slots;
}

/** Null when the requested date is allowed, else the message to show on the date field. */
export function requestDateProblem(value: string | Date, now: Date = new Date()): string | null {
  const d = typeof value === 'string' ? parseWallClock(value) : value;
  if (!d) return TRAINING_MESSAGES.invalidDate;
  if (isWeekend(d) || !isRequestTimeOfDay(d)) return TRAINING_MESSAGES.dateOutOfRange;
  if (d.getTime() < earliestRequestDate(now).getTime() || d.getTime() > latestRequestDate(now).getTime()) {
    return TRAINING_MESSAGES.dateOutOfRange;
  }
  return null;
}

/** 'YYYY-MM-DDTHH:mm[:ss]' read as local time; null when it is not a real date. */
export function parseWallClock(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const d = new Date(year, month - 1, day, hour, minute, second);
  const same = d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day && d.getHours() === hour;
  return same && d.getMinutes() === minute ? d : null;
}

/** A local Date as the wall-clock text the API carries. */
export function toWallClock(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
