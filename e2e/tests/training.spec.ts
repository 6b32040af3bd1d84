import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInAt, snapshot, test } from '../support/portal';

/** axe (WCAG 2.1 A/AA) on the whole page, with the pointer parked off any control so hover styles do not count. */
async function axe(page: Page, label: string) {
  await page.mouse.move(1, 719);
  await expectNoAxeViolations(page, label);
}

async function openTab(page: Page, name: string, slug: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/training/${slug}$`));
}

test.describe('training', () => {
  test('calendar, class list, register and unregister, a full class', async ({ page }) => {
    test.setTimeout(120_000); // eight axe scans, each in both colour schemes, on a machine shared with other runs
    await signIn(page, 'agent');
    await page.getByRole('navigation').getByRole('link', { name: 'Training' }).first().click();
    await expect(page).toHaveURL(/\/training\/training-calendar$/);
    await expect(page.getByRole('heading', { name: 'Training', level: 1 })).toBeVisible();
    const calendar = page.getByTestId('training-calendar');
    // Month is the default view: a month grid with weekdays only.
    await expect(calendar.getByRole('tab', { name: 'Month view', selected: true })).toBeVisible();
    await expect(calendar.getByRole('columnheader')).toHaveCount(5);
    const events = calendar.getByRole('cell').getByRole('button');
    await expect(events.first()).toBeVisible();
    await axe(page, 'training calendar');
    await snapshot(page, 'training-calendar');

    // The quick popup of an event.
    await events.first().click();
    const popup = page.getByTestId('class-popup');
    await expect(popup.getByText('Instructor:')).toBeVisible();
    await expect(popup.getByText('Start:')).toBeVisible();
    await expect(popup.getByRole('button')).toBeVisible();
    await axe(page, 'calendar popup');
    await page.getByRole('button', { name: 'Close' }).click();

    // Week view: the working hours 09:00-17:00, written as every other time is (hh:mm A); remembered for the session.
    await calendar.getByRole('tab', { name: 'Week view' }).click();
    await expect(calendar.getByRole('tab', { name: 'Week view', selected: true })).toBeVisible();
    await expect(calendar.getByText('09:00 AM', { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(calendar.getByRole('tab', { name: 'Week view', selected: true })).toBeVisible();
    // The agenda's classes are held back, so axe checks the calendar's loading state too (its spinner is announced).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/app/TrainingClass/q', async (route) => {
      await held;
      await route.continue();
    });
    await calendar.getByRole('tab', { name: 'Agenda view' }).click();
    await expect(calendar.getByRole('tab', { name: 'Agenda view', selected: true })).toBeVisible();
    await expect(calendar.getByRole('status', { name: 'Loading classes' })).toBeVisible();
    await axe(page, 'calendar agenda, loading');
    release();
    await expect(calendar).toHaveAttribute('aria-busy', 'false');
    await page.unroute('**/api/app/TrainingClass/q');
    await axe(page, 'calendar agenda');
    await calendar.getByRole('tab', { name: 'Day view' }).click();
    await expect(calendar.getByRole('tab', { name: 'Day view', selected: true })).toBeVisible();
    await calendar.getByRole('tab', { name: 'Month view' }).click();

    await openTab(page, 'Class List', 'class-list');
    const list = page.getByTestId('class-list');
    await expect(list.getByRole('columnheader', { name: 'Seats Available' })).toBeVisible();
    // The subject filter above the tabs narrows the list to classes with a topic of that subject.
    await page.getByRole('textbox', { name: 'Filter by Subject' }).click();
    await page.getByRole('option', { name: 'Compliance' }).click();
    await expect(list.getByRole('link', { name: 'Fair Housing Remarks Review' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'MLS Portal Essentials' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Filter by Subject' }).click();
    await page.getByRole('option', { name: 'Compliance' }).click();
    await expect(list.getByRole('link', { name: 'MLS Portal Essentials' })).toBeVisible();
    // The full class reads Class Full, disabled.
    const full = list.getByRole('row').filter({ hasText: 'Contract Essentials Workshop' });
    await expect(full.getByRole('button', { name: /Class Full/ })).toBeDisabled();
    await expect(full.getByText('0 of 3')).toBeVisible();
    await axe(page, 'class list');
    await snapshot(page, 'training-class-list');

    // The class detail page: register.
    await list.getByRole('link', { name: 'MLS Portal Essentials' }).click();
    await expect(page).toHaveURL(/\/training\/registration\/\d+$/);
    await expect(page.getByRole('heading', { name: 'MLS Portal Essentials', level: 1 })).toBeVisible();
    await expect(page.getByText('Presented by')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /openstreetmap\.org\/search\?query=/);
    await expect(page.getByTestId('topic-card')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Attachment' }).first()).toHaveAttribute('data-kind', 'pdf');
    await axe(page, 'class detail');
    await page.getByRole('button', { name: /^Register/ }).click();
    await expect(page.getByText('You have successfully registered.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Unregister/ })).toBeVisible();
    await snapshot(page, 'training-class-detail');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to Calendar' }).click();
    expect((await download).suggestedFilename()).toBe('MLS-Portal-Essentials.ics');

    await page.getByRole('tab', { name: 'Location' }).click();
    await expect(page.getByRole('img', { name: /^Map of Orange Coast Association Training Center/ })).toBeVisible();
    await axe(page, 'class location');
    await snapshot(page, 'training-class-location');

    // My Scheduled Classes lists it; unregister there.
    await page.goto('/training/my-scheduled-classes');
    const mine = page.getByTestId('my-classes');
    const row = mine.getByRole('row').filter({ hasText: 'MLS Portal Essentials' });
    await expect(row).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Attended/ }).first()).toBeDisabled();
    await axe(page, 'my scheduled classes');
    await row.getByRole('button', { name: /^Unregister/ }).click();
    await expect(page.getByText('You have successfully unregistered.')).toBeVisible();
    await expect(mine.getByRole('row').filter({ hasText: 'MLS Portal Essentials' })).toHaveCount(0);
  });

  test('request a course: validation first, then success, then cancel', async ({ page }) => {
    await signInAt(page, 'agent', '/training/request-a-course');
    await expect(page.getByRole('tab', { name: 'Request a Course', selected: true })).toBeVisible();
    await axe(page, 'request a course');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Topic Required')).toBeVisible();
    await expect(page.getByText('Request Details Required')).toBeVisible();
    await expect(page.getByText('Date Required')).toBeVisible();
    await axe(page, 'request a course with errors');

    const form = page.getByRole('form', { name: 'Request a Course' });
    await form.getByRole('textbox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Showing Scheduling' }).click();
    await form.getByRole('textbox', { name: 'Request Details' }).fill('A morning class on showing feedback for our new agents.');
    await form.getByRole('button', { name: 'Requested Date' }).click();
    // The first day the picker allows (weekends and past days are disabled).
    await page.locator('.mantine-DatePickerInput-day:not([data-disabled]):not([data-outside])').first().click();
    await form.getByRole('textbox', { name: 'Requested Time' }).click();
    await page.getByRole('option').last().click();
    await snapshot(page, 'training-request-form');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Your course request has been submitted.')).toBeVisible();
    await expect(page).toHaveURL(/\/training\/my-course-requests$/);

    const table = page.getByTestId('my-requests');
    const row = table.getByRole('row').filter({ hasText: 'Showing Scheduling' }).filter({ hasText: 'New' });
    await expect(row).toHaveCount(1);
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'Scheduled' })
        .getByRole('button', { name: /^Cancel/ }),
    ).toBeDisabled();
    await expect(table.getByText('None')).toBeVisible();
    await axe(page, 'my course requests');
    await snapshot(page, 'training-my-requests');
    await row.getByRole('button', { name: /^Cancel/ }).click();
    await expect(page.getByText('Your course request has been cancelled.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Showing Scheduling' }).filter({ hasText: 'New' })).toHaveCount(0);
  });

  test('a virtual class has no Location tab and no Directions', async ({ page }) => {
    await signInAt(page, 'agent', '/training/class-list');
    await page.getByTestId('class-list').getByRole('link', { name: 'Fair Housing Remarks Review' }).click();
    await expect(page.getByRole('heading', { name: 'Fair Housing Remarks Review', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Class Details', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Location' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Directions' })).toHaveCount(0);
    // The instructor has no photo: a generated avatar with initials.
    await expect(page.getByText('MB', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Unregister/ })).toBeVisible();
  });

  test('an address the maps service cannot place shows the Southern California map', async ({ page }) => {
    await signInAt(page, 'agent', '/training/class-list');
    await page.getByTestId('class-list').getByRole('link', { name: 'Listing Input Lab' }).click();
    await page.getByRole('tab', { name: 'Location' }).click();
    await expect(page.getByTestId('map-fallback')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Map of Southern California/ })).toBeVisible();
    await axe(page, 'fallback map');
  });

  test('an unknown class shows No class found', async ({ page }) => {
    await signInAt(page, 'agent', '/training/registration/999999');
    await expect(page.getByText('No class found')).toBeVisible();
    await axe(page, 'no class found');
  });
});

test.describe('training in the dark theme', () => {
  test('the calendar keeps AA contrast', async ({ page }) => {
    await signIn(page, 'agent');
    await page.getByRole('banner').getByRole('button', { name: 'Choose theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.goto('/training/training-calendar');
    await expect(page.getByTestId('training-calendar').getByRole('tab', { name: 'Month view', selected: true })).toBeVisible();
    await expect(page.getByTestId('training-calendar').getByRole('cell').getByRole('button').first()).toBeVisible();
    await axe(page, 'training calendar, dark');
    await snapshot(page, 'training-calendar-dark');
    // Filled buttons (Register) pick dark text on the dark theme's light blue (theme autoContrast).
    await page.goto('/training/class-list');
    await expect(page.getByRole('button', { name: /^Register: / }).first()).toBeVisible();
    await axe(page, 'training class list, dark');
    await page.getByRole('banner').getByRole('button', { name: 'Choose theme' }).click();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/app\/Profiles\//.test(r.url()));
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await saved;
  });
});

/** 'MM/DD/YYYY hh:mm A' at the start of a text as a sortable number (yyyymmddHHMM). */
function sortKey(text: string): number {
  const m = /(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}) (AM|PM)/.exec(text);
  if (!m) throw new Error(`no date and time in '${text}'`);
  const hour = (Number(m[4]) % 12) + (m[6] === 'PM' ? 12 : 0);
  return Number(`${m[3]}${m[1]}${m[2]}${String(hour).padStart(2, '0')}${m[5]}`);
}

/** Every class shown in the calendar: its text whole inside its box, and the box inside the window. */
async function expectEventsWhole(calendar: Locator) {
  const events = calendar.getByTestId('calendar-event');
  await expect(events.first()).toBeVisible();
  const problems = await events.evaluateAll((els) =>
    els.flatMap((el) => {
      const box = (el.closest('.training-event') ?? el.parentElement ?? el).getBoundingClientRect();
      const text = el.getBoundingClientRect();
      const cut =
        text.bottom > box.bottom + 1 ||
        text.right > box.right + 1 ||
        box.right > window.innerWidth + 1 ||
        el.scrollWidth > el.clientWidth + 1;
      return cut
        ? [
            `${el.textContent} (text ${Math.round(text.right)}x${Math.round(text.bottom)}, box ${Math.round(box.right)}x${Math.round(box.bottom)})`,
          ]
        : [];
    }),
  );
  expect(problems, 'classes cut in the calendar').toEqual([]);
}

async function inTokyo(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', viewport: { width, height } });
  return context.newPage();
}

// Issue 28 §3: a browser in Tokyo, the MLS in Los Angeles; a desk and a phone.
test.describe('training at 1280 and 375 px in another time zone', () => {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    test(`the week view and the class list are readable at ${width} px, with the MLS zone's abbreviation`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await inTokyo(browser, width, height);
      try {
        await signInAt(page, 'agent', '/training/training-calendar');
        const calendar = page.getByTestId('training-calendar');
        await expect(page.getByTestId('calendar-zone')).toHaveText(/^Times are in Pacific Time \(P[SD]T\), the MLS's time zone\.$/);
        await calendar.getByRole('tab', { name: 'Week view' }).click();
        await expect(calendar.getByRole('tab', { name: 'Week view', selected: true })).toBeVisible();
        // Seeded classes fall on this week's weekdays; from Friday on, the next week's.
        const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short' }).format(new Date());
        if (weekday === 'Fri' || weekday === 'Sat') await calendar.getByRole('button', { name: /next/i }).click();
        await expectEventsWhole(calendar);
        await expect(calendar.getByTestId('calendar-event').first()).toContainText(/\d{2}:\d{2} (AM|PM) – \d{2}:\d{2} (AM|PM) P[SD]T/);
        if (width >= 1280) {
          // One time format: the grid's hours as the hint writes them.
          await expect(calendar.getByText('09:00 AM', { exact: true }).first()).toBeVisible();
          await expect(calendar.getByText('9am', { exact: true })).toHaveCount(0);
          await expect(page.getByTestId('outside-hours')).toContainText(/the calendar shows \d{2}:\d{2} (AM|PM) to \d{2}:\d{2} (AM|PM)\./);
        }
        await axe(page, `training week view at ${width} px`);
        await snapshot(page, `training-week-${width}`);
        await calendar.getByRole('tab', { name: 'Day view' }).click();
        await expect(calendar.getByRole('tab', { name: 'Day view', selected: true })).toBeVisible();
        await calendar.getByRole('tab', { name: 'Month view' }).click();

        await openTab(page, 'Class List', 'class-list');
        // The nearest class first; every Register control whole on screen. The rows (cards on a phone) come with the
        // list's answer: await them before reading them.
        const firstClass =
          width >= 1280 ? page.getByTestId('class-list').locator('tbody tr').first() : page.getByTestId('class-card').first();
        await expect(firstClass).toBeVisible();
        const starts =
          width >= 1280
            ? await page.getByTestId('class-list').locator('tbody tr td:nth-child(3)').allInnerTexts()
            : await page.getByTestId('class-card').evaluateAll((els) => els.map((e) => e.querySelector('p')?.textContent ?? ''));
        const dates = starts.map(sortKey);
        expect(dates.length).toBeGreaterThan(3);
        expect(dates).toEqual([...dates].sort((a, b) => a - b));
        expect(starts[0]).toMatch(/P[SD]T/);
        const registers = page.getByRole('button', { name: /^(Register|Unregister|Class Full|Attended|Did Not Attend): / });
        await expect(registers.first()).toBeVisible();
        for (const box of await registers.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right))) {
          expect(box, 'a Register control inside the window').toBeLessThanOrEqual(width);
        }
        await axe(page, `class list at ${width} px`);
        await snapshot(page, `training-class-list-${width}`);
      } finally {
        await page.context().close();
      }
    });
  }
});
