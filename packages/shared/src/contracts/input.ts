import { z } from 'zod';

/**
 * The input rules of every call, in one place (docs/decisions/0920-input-rules.md): what reaches the database has
 * been read strictly here first, so that a typo never names another row and no value makes PostgreSQL refuse it.
 */

/** The largest value of an `integer` (int4) column, which every id of the schema is. */
export const INT4_MAX = 2_147_483_647;
/** Bounds of a free text that has no bound of its own (a search text, a criteria value). */
export const TEXT_MAX = 500;

export const INPUT_MESSAGES = {
  id: `Must be a whole number from 1 to ${INT4_MAX}`,
  wholeNumber: 'Must be a whole number',
  number: 'Must be a number',
  text: 'Must be text',
  unsafeText: 'Contains a character that cannot be stored',
  date: 'Must be a real date (YYYY-MM-DD)',
  dateTime: 'Must be a real date and time',
  money: 'Must be an amount in dollars and cents',
  wholeDollars: 'Must be a whole number of dollars',
  moneyTooLarge: (max: number) => `Must be at most ${max.toLocaleString('en-US')}`,
  latitude: 'Must be a latitude from -90 to 90',
  longitude: 'Must be a longitude from -180 to 180',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

// A NUL, or half of a UTF-16 surrogate pair without its other half: neither can be stored as PostgreSQL text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored: no NUL and no lone surrogate. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/**
 * The path of the first text anywhere in a value (params, query, a JSON body) that cannot be stored, or null: the
 * route helper refuses such a request before any schema or SQL sees it. Keys are checked as well as values. Every
 * call of every route passes here, so the value is first walked without making a path (issue 33); the path is made
 * only for a value that has such a text.
 */
export function findUnsafeText(value: unknown): string | null {
  return hasUnsafeText(value) ? pathOfUnsafeText(value, []) : null;
}

/** Plain objects and dictionaries: no prototype, or one that has none (Object.prototype; fast-querystring's, for a
 * query string as Fastify parses it). */
function isRecord(value: unknown): value is Record<string, unknown> {
  const proto = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  return proto === null || (proto !== undefined && Object.getPrototypeOf(proto) === null);
}

function hasUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return !isSafeText(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasUnsafeText(value[i])) return true;
    return false;
  }
  if (!isRecord(value)) return false;
  // Own keys only: a record's prototype has no keys of its own to enumerate.
  for (const key in value) if (Object.hasOwn(value, key) && (!isSafeText(key) || hasUnsafeText(value[key]))) return true;
  return false;
}

function pathOfUnsafeText(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path.join('.') || '(body)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfUnsafeText(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, '(key)'].join('.');
      const found = pathOfUnsafeText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Text of at most `max` characters that can be stored (no NUL, no lone surrogate). */
export function text(max: number = TEXT_MAX) {
  return z.string({ error: INPUT_MESSAGES.text }).max(max, INPUT_MESSAGES.tooLong(max)).refine(isSafeText, INPUT_MESSAGES.unsafeText);
}

const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/** The number an id names, or null: a JSON integer or a decimal string, 1 to INT4_MAX, no sign, exponent or zeros. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= INT4_MAX ? value : null;
  if (typeof value !== 'string' || !DECIMAL_ID.test(value)) return null;
  const n = Number(value);
  return n <= INT4_MAX ? n : null;
}

/**
 * An id: a decimal integer (as a JSON number or the text of a path, query or form) within 1..INT4_MAX. `2e0`,
 * `0x10`, ` 1`, `1.0`, `-1` and `01` are refused, never read as another row.
 */
export function id(message: string = INPUT_MESSAGES.id) {
  return z
    .union([z.number(), z.string()], { error: message })
    .meta({ description: `An id: a decimal integer from 1 to ${INT4_MAX}` })
    .transform((value, ctx) => {
      const n = parseId(value);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** A whole number within [min, max] (a JSON number, or decimal text from a path, query or form). */
export function wholeNumber(min: number, max: number, message = `${INPUT_MESSAGES.wholeNumber} from ${min} to ${max}`) {
  return z
    .union([z.number(), z.string().regex(/^-?[0-9]{1,16}$/)], { error: message })
    .transform((v) => Number(v))
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** Page number and size of every list call: bounded so that an offset never leaves what PostgreSQL reads. */
export const pageIdField = wholeNumber(1, 1_000_000).default(1);
export const pageSizeField = (max = 10_000, fallback = 10) => wholeNumber(1, max).default(fallback);

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function isRealDay(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A calendar date `YYYY-MM-DD` that exists (2027-02-30 does not), years 0001 to 9999. */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return !!m && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * A date and time in ISO 8601 (`YYYY-MM-DD`, optionally `THH:mm[:ss[.fff]]` and a zone) on a real day and time of
 * years 0001 to 9999: what both JavaScript and PostgreSQL read alike (`+275760-09-13T00:00:00Z` is neither).
 */
export function isDateTime(value: string): boolean {
  const m = ISO_DATE_TIME.exec(value);
  if (!m || !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hours, minutes, seconds] = [m[4], m[5], m[6]].map((p) => (p === undefined ? 0 : Number(p)));
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  const zone = m[7] && /^[+-](\d{2})/.exec(m[7]);
  return !zone || Number(zone[1]) <= 15;
}

/** A calendar date `YYYY-MM-DD` (see isCalendarDate). */
export function calendarDate(message: string = INPUT_MESSAGES.date) {
  return z.string({ error: message }).max(10, message).refine(isCalendarDate, message);
}

/** A date and time within what PostgreSQL and JavaScript both read (see isDateTime). */
export function dateTime(message: string = INPUT_MESSAGES.dateTime) {
  return z.string({ error: message }).max(40, message).refine(isDateTime, message);
}

type Checked = { value: number } | { message: string };

/**
 * A number read by `check` from a JSON number or from text (as a form sends it). Nullable ones read blank text, null
 * and a missing value as null, so that the rule of the form says what is required.
 */
function numeric(check: (value: number | string) => Checked, typeMessage: string) {
  const read = (value: number | string, ctx: z.RefinementCtx) => {
    const result = check(value);
    if ('message' in result) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.value;
  };
  return {
    required: () => z.union([z.number(), z.string()], { error: typeMessage }).transform(read),
    nullable: () =>
      z
        .union([z.number(), z.string()], { error: typeMessage })
        .nullish()
        .transform((value, ctx): number | null => (value === null || value === undefined || value === '' ? null : read(value, ctx))),
  };
}

/**
 * An amount of money for a `numeric(precision, 2)` column: not negative, no fraction of a cent (or of a dollar
 * with `wholeDollars`), and not more than the column holds.
 */
export function money({ precision, wholeDollars = false, message }: { precision: number; wholeDollars?: boolean; message?: string }) {
  const max = 10 ** (precision - 2) - (wholeDollars ? 1 : 0.01);
  const shape = wholeDollars ? /^[0-9]+$/ : /^[0-9]+(\.[0-9]{1,2})?$/;
  const fraction = message ?? (wholeDollars ? INPUT_MESSAGES.wholeDollars : INPUT_MESSAGES.money);
  return numeric((value) => {
    const n = typeof value === 'number' ? value : shape.test(value.trim()) ? Number(value) : Number.NaN;
    const cents = Math.round(n * 100);
    if (!Number.isFinite(n) || n < 0 || Math.abs(n * 100 - cents) > 1e-6 || (wholeDollars && cents % 100 !== 0))
      return { message: fraction };
    if (n > max) return { message: INPUT_MESSAGES.moneyTooLarge(max) };
    return { value: n };
  }, fraction);
}

const coordinate = (limit: number, message: string) =>
  numeric((value) => {
    const n = typeof value === 'number' ? value : /^-?[0-9]{1,3}(\.[0-9]{1,15})?$/.test(value.trim()) ? Number(value) : Number.NaN;
    return Number.isFinite(n) && n >= -limit && n <= limit ? { value: n } : { message };
  }, message);

/** A latitude, -90 to 90 degrees. */
export const latitude = () => coordinate(90, INPUT_MESSAGES.latitude);
/** A longitude, -180 to 180 degrees. */
export const longitude = () => coordinate(180, INPUT_MESSAGES.longitude);
