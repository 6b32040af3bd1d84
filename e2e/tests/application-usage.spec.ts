import type { Page } from '@playwright/test';
import { trackRequests } from '../support/network';
import { expect, expectNoAxeViolations, signIn, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

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

  // Issue 28 §4: the fields show the range the figures cover, dates read MM/DD/YYYY, and at 375 px no column is cut.
  // (A start after the end can no longer be chosen: each picker stops at the other's date; the API's 400 is tested there.)
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`From and To show the range the figures cover, in MM/DD/YYYY, and no column is cut (${size.width}px)`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      await signInAt(page, 'mlsstaff', '/admin/application-usage');
      const summary = page.getByTestId('usage-summary');
      await expect(summary).toContainText(/ from \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}/);
      const [, from, to] = / from (\S+) to (\S+?)[,.]/.exec((await summary.textContent()) ?? '') ?? [];
      await expect(page.getByLabel('From', { exact: true })).toHaveText(from);
      await expect(page.getByLabel('To', { exact: true })).toHaveText(to);
      await expect(page.getByTestId('usage-figures').locator('tbody tr td').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
      // Every column head and cell ends inside the screen and inside the box that holds its table (none cut off).
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="top-applications"] th, [data-testid="usage-figures"] th')]
          .filter((th) => {
            const r = th.getBoundingClientRect();
            let right = window.innerWidth;
            for (let p = th.parentElement; p; p = p.parentElement) {
              const style = getComputedStyle(p);
              if (style.overflowX !== 'visible') right = Math.min(right, p.getBoundingClientRect().right);
            }
            return r.right > right + 0.5 || th.scrollWidth > th.clientWidth + 1;
          })
          .map((th) => th.textContent),
      );
      expect(cut).toEqual([]);
      await expectNoAxeViolations(page, `application usage ${size.width}`);
      await snapshot(page, `application-usage-${size.width}`);
    });
  }
});
