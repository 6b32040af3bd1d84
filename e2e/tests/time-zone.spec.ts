import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

/**
 * Decision 0969: the server runs in UTC (playwright.config.ts), the MLS in Los Angeles, and this browser in Tokyo,
 * 17 hours ahead of California. 'Today', the course request slots, the greeting and the class times follow the MLS.
 */
const MLS_ZONE = 'America/Los_Angeles';
const BROWSER_ZONE = 'Asia/Tokyo';

/** The wall clock of a zone at an instant, read with Intl (the test's own process zone does not matter). */
function wallIn(zone: string, at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.month}/${parts.day}/${parts.year}`,
    ymd: [Number(parts.year), Number(parts.month), Number(parts.day)] as const,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    exact: parts.second === '00',
    weekday: parts.weekday as string,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (m: number) => `${pad(Math.floor(m / 60) % 12 || 12)}:${pad(m % 60)} ${m < 720 ? 'AM' : 'PM'}`;

/** The first requestable day ('MM/DD/YYYY') and time ('hh:mm A') in the MLS zone: seed 002 section 5's rule. */
function earliestSlot(now: Date): { date: string; time: string } {
  const wall = wallIn(MLS_ZONE, now);
  const [y, m, d] = wall.ymd;
  const day = (offset: number) => new Date(Date.UTC(y, m - 1, d + offset));
  const usDate = (u: Date) => `${pad(u.getUTCMonth() + 1)}/${pad(u.getUTCDate())}/${u.getUTCFullYear()}`;
  const isWeekend = (u: Date) => u.getUTCDay() === 0 || u.getUTCDay() === 6;
  const rounded = wall.minutes % 30 === 0 && wall.exact ? wall.minutes : (Math.floor(wall.minutes / 30) + 1) * 30;
  if (!isWeekend(day(0)) && rounded <= 16 * 60) return { date: usDate(day(0)), time: clock(Math.max(rounded, 8 * 60 + 30)) };
  let offset = 1;
  while (isWeekend(day(offset))) offset += 1;
  return { date: usDate(day(offset)), time: '08:30 AM' };
}

const greetingAt = (minutes: number) => (minutes < 720 ? 'Good morning' : minutes >= 17 * 60 ? 'Good evening' : 'Good afternoon');

async function axe(page: Page, label: string) {
  await page.mouse.move(1, 719);
  await expectNoAxeViolations(page, label);
}

test.describe('the MLS time zone', () => {
  test("a browser in Tokyo gets the MLS's today, request slots, greeting and class times", async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: BROWSER_ZONE });
    const page = await context.newPage();
    try {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
      const before = new Date();
      await signIn(page, 'agent');
      const after = new Date();
      const greetings = new Set([greetingAt(wallIn(MLS_ZONE, before).minutes), greetingAt(wallIn(MLS_ZONE, after).minutes)]);
      await expect(page.getByTestId('greeting')).toHaveText(new RegExp(`^(${[...greetings].join('|')}), `));

      // Request a Course: today is the MLS's, and the first day and time offered are the MLS's earliest.
      await page.goto('/training/request-a-course');
      const form = page.getByRole('form', { name: 'Request a Course' });
      const now = new Date();
      const expected = earliestSlot(now);
      await expect(page.getByTestId('mls-today')).toContainText(`today there is ${wallIn(MLS_ZONE, now).date}`);
      await expect(page.getByTestId('mls-today')).toContainText('Pacific Time');
      await form.getByRole('button', { name: 'Requested Date', exact: true }).click();
      await page.locator('.mantine-DatePickerInput-day:not([data-disabled]):not([data-outside])').first().click();
      await expect(form.getByRole('button', { name: 'Requested Date', exact: true })).toHaveText(expected.date);
      await form.getByRole('textbox', { name: 'Requested Time' }).click();
      await expect(page.getByRole('option').first()).toHaveText(expected.time);
      await expect(page.getByRole('option').last()).toHaveText('04:00 PM');
      await page.keyboard.press('Escape');
      await axe(page, 'request a course in the MLS zone');
      await snapshot(page, 'time-zone-request-form');

      // The evening class (18:00 in Los Angeles, 11:00 next day in Tokyo) reads 06:00 PM PST in the class list.
      await page.goto('/training/class-list');
      const evening = page.getByTestId('class-list').getByRole('row').filter({ hasText: 'Evening Contracts Q&A' });
      // With the MLS zone's abbreviation: this browser's own clock reads otherwise (issue 28).
      await expect(evening.getByText(/ 06:00 PM P[SD]T$/).first()).toBeVisible();

      // The Week view widens its hours to show it, and says so.
      await page.goto('/training/training-calendar');
      const calendar = page.getByTestId('training-calendar');
      await calendar.getByRole('tab', { name: 'Week view' }).click();
      const weekday = wallIn(MLS_ZONE, new Date()).weekday;
      if (weekday === 'Fri' || weekday === 'Sat') await calendar.getByRole('button', { name: /next/i }).click();
      await expect(page.getByTestId('outside-hours')).toContainText('outside the usual hours; the calendar shows 09:00 AM to 07:00 PM');
      await expect(calendar.getByText('Evening Contracts Q&A').first()).toBeVisible();
      await axe(page, 'training week view with a class outside the hours');
      await snapshot(page, 'time-zone-week-view');
      await calendar.getByRole('tab', { name: 'Month view' }).click();
    } finally {
      await context.close();
    }
  });

  test("on the MLS's last day of a month, when Tokyo is already in the next one, the date picker opens on the MLS's month", async ({
    browser,
  }) => {
    // Wednesday 30 September 2026, 09:00 in Los Angeles and 01:00 on 1 October in Tokyo. The picker used to open on the
    // browser's month, where 30 September is an outside day, so the first day offered was 1 October (CI, 2026-11-30).
    const context = await browser.newContext({ timezoneId: BROWSER_ZONE });
    const page = await context.newPage();
    try {
      await signIn(page, 'agent');
      const monthEnd = new Date('2026-09-30T16:00:00Z');
      await page.clock.setFixedTime(monthEnd);
      await page.goto('/training/request-a-course');
      await expect(page.getByTestId('mls-today')).toContainText(`today there is ${wallIn(MLS_ZONE, monthEnd).date}`);
      const form = page.getByRole('form', { name: 'Request a Course' });
      await form.getByRole('button', { name: 'Requested Date', exact: true }).click();
      await page.locator('.mantine-DatePickerInput-day:not([data-disabled]):not([data-outside])').first().click();
      await expect(form.getByRole('button', { name: 'Requested Date', exact: true })).toHaveText('09/30/2026');
    } finally {
      await context.close();
    }
  });
});
