import { describe, expect, it } from 'vitest';
import { badgeCount, greetingFor, normalisePath, slugify } from './shell';

describe('shell rules', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [23, 'Good evening'],
  ])('at %i o’clock says %s', (hour, text) => {
    expect(greetingFor(hour)).toBe(text);
  });

  it.each([
    [0, null],
    [undefined, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
  ])('shows %s unread as %s', (count, shown) => {
    expect(badgeCount(count)).toBe(shown);
  });

  it('slugs tabs lower-cased and hyphenated', () => {
    expect(slugify('Member Settings')).toBe('member-settings');
    expect(slugify('  Office / Settings ')).toBe('office-settings');
  });

  it('compares menu paths without case or trailing slash', () => {
    expect(normalisePath('/Articles/')).toBe('/articles');
    expect(normalisePath('/')).toBe('/');
  });
});
