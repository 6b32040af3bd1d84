import type { Page } from '@playwright/test';
import { trackRequests } from '../support/network';
import { expect, expectNoAxeViolations, signIn, signInElsewhere, snapshot, test } from '../support/portal';

const APP = 'Open House Planner';

/** The launches of APP in the top applications of the usage screen (0 when it is not listed). */
async function launchesShown(page: Page): Promise<number> {
  const requests = trackRequests(page);
  await page.goto('/admin/application-usage');
  await expect(page.getByRole('heading', { name: 'Application usage', level: 2 })).toBeVisible();
  await expect(page.getByTestId('usage-summary')).toBeVisible();
  await requests.settled();
  const row = page.getByTestId('top-applications').getByRole('row', { name: new RegExp(APP) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole('cell').nth(1).textContent())?.replace(/,/g, ''));
}

test.describe('application usage (issue 19 section 4)', () => {
  test('an agent opens a link tile and MLS staff see the launch in the usage screen', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const staff = await signInElsewhere(browser, 'mlsstaff');
    const before = await launchesShown(staff);

    // The application itself is elsewhere: its new tab gets a stand-in page, so the journey needs no network.
    await page
      .context()
      .route('https://apps.example-mls.org/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Open House Planner</title><p>Vendor page</p>' }),
      );
    await signIn(page, 'agent');
    const tile = page.getByTestId('section-applications').getByTestId('app-OPENHOUSE');
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/app/ApplicationLaunches') && r.request().method() === 'POST');
    const [vendor] = await Promise.all([page.context().waitForEvent('page'), tile.click()]);
    expect((await recorded).status()).toBe(200);
    await expect(vendor).toHaveTitle(APP);
    await vendor.close();

    await expect.poll(() => launchesShown(staff), { timeout: 30_000 }).toBe(before + 1);
    await expect(staff.getByTestId('usage-chart')).toBeVisible();
    await expect(staff.getByRole('heading', { name: 'Members who never launched an application' })).toBeVisible();
    await expectNoAxeViolations(staff, 'application usage');
    await snapshot(staff, 'application-usage');

    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^application-usage-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    await staff.context().close();
  });

  test('the screen says what is wrong with the dates', async ({ page }) => {
    await signIn(page, 'aorstaff');
    await page.goto('/admin/application-usage');
    await expect(page.getByRole('heading', { name: 'Application usage', level: 2 })).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2026-03-05');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await expect(page.getByText('The start date must be on or before the end date').first()).toBeVisible();
    await expectNoAxeViolations(page, 'application usage with an error');
  });
});
