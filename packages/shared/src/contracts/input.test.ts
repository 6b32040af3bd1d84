import { describe, expect, it } from 'vitest';
import { calendarDate, dateTime, findUnsafeText, INT4_MAX, id, isSafeText, latitude, longitude, money, text, wholeNumber } from './input';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('input rules (decision 0920)', () => {
  it('reads an id strictly: a decimal integer 1..2147483647, as a number or text', () => {
    const schema = id();
    expect(schema.parse('2')).toBe(2);
    expect(schema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(schema.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of [
      '2e0',
      '0x10',
      ' 1',
      '1 ',
      '1.0',
      '-1',
      '01',
      '0',
      '+1',
      '',
      2_147_483_648,
      '2147483648',
      '99999999999',
      1.5,
      0,
      -1,
      null,
      true,
      [],
      {},
    ]) {
      expect(ok(schema, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('bounds whole numbers', () => {
    const schema = wholeNumber(1, 5);
    expect(schema.parse('3')).toBe(3);
    for (const bad of [0, 6, 1.5, '1e0', '0x1', 'abc', null]) expect(ok(schema, bad), JSON.stringify(bad)).toBe(false);
  });

  it('refuses text PostgreSQL cannot store and text over its bound', () => {
    expect(isSafeText('Zoë 😀 ok')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('x\udc00')).toBe(false);
    expect(ok(text(3), 'abc')).toBe(true);
    expect(ok(text(3), 'abcd')).toBe(false);
    expect(findUnsafeText({ a: [{ b: 'fine' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('(key)');
    // A query string as Fastify parses it (fast-querystring): a dictionary whose prototype has no prototype.
    function Dictionary() {}
    Dictionary.prototype = Object.create(null);
    const query = Object.assign(new (Dictionary as unknown as new () => object)(), { search: 'a\u0000b' });
    expect(findUnsafeText({ query })).toBe('query.search');
    // A class instance is not input: never walked.
    expect(findUnsafeText(new Date())).toBeNull();
    expect(findUnsafeText({ a: ['fine', 2, null] })).toBeNull();
    // A key or value deep in a record without a prototype, behind safe ones.
    const deep = Object.assign(Object.create(null), { ok: 'fine', list: [1, { 'x\ud800': 'y' }] });
    expect(findUnsafeText({ body: deep })).toBe('body.list.1.(key)');
    expect(findUnsafeText([{ a: 'ok' }, { b: ['\udc00'] }])).toBe('1.b.0');
  });

  it('accepts only real calendar dates and date-times both JavaScript and PostgreSQL read', () => {
    for (const good of ['2028-02-29', '2027-12-31', '0001-01-01']) expect(ok(calendarDate(), good), good).toBe(true);
    for (const bad of ['2027-02-30', '2027-02-29', '2027-13-01', '2027-00-10', '1', '20270101', '2027-1-1', '+275760-09-13']) {
      expect(ok(calendarDate(), bad), bad).toBe(false);
    }
    for (const good of ['2027-01-01', '2027-01-01T10:00', '2027-01-01T10:00:00Z', '2027-01-01T10:00:00.123+02:00', '2027-01-01 10:00:00']) {
      expect(ok(dateTime(), good), good).toBe(true);
    }
    for (const bad of ['+275760-09-13T00:00:00Z', '2027-02-30T00:00:00Z', '2027-01-01T24:00:00', '2027-01-01T10:60', 'tomorrow', '1']) {
      expect(ok(dateTime(), bad), bad).toBe(false);
    }
  });

  it('reads money within the column: no fraction of a cent, nothing over numeric(14, 2)', () => {
    const cents = money({ precision: 14 }).required();
    expect(cents.parse('12.34')).toBe(12.34);
    expect(cents.parse(999_999_999_999.99)).toBe(999_999_999_999.99);
    for (const bad of [12.345, 1e12, 1e20, -1, '1e3', 'abc', Number.NaN]) expect(ok(cents, bad), String(bad)).toBe(false);
    const dollars = money({ precision: 14, wholeDollars: true }).nullable();
    expect(dollars.parse('')).toBeNull();
    expect(dollars.parse(750_000)).toBe(750_000);
    expect(ok(dollars, 1.5)).toBe(false);
  });

  it('keeps coordinates on the globe', () => {
    expect(latitude().required().parse('-90')).toBe(-90);
    expect(longitude().required().parse(180)).toBe(180);
    for (const bad of [90.1, -91, '1e2', 'x']) expect(ok(latitude().required(), bad), String(bad)).toBe(false);
    expect(ok(longitude().required(), 180.5)).toBe(false);
  });
});
