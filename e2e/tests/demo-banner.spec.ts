import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

const DEMO_BANNER_TEXT = 'Demo portal with sample data, not a live MLS';

const banner = (page: Page) => page.getByRole('region', { name: 'Demo notice' });

/** The banner and a control do not overlap, and the control can be clicked (nothing covers it). */
async function expectClear(page: Page, control: Locator) {
  const [a, b] = [await banner(page).boundingBox(), await control.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(a!.y + a!.height <= b!.y || b!.y + b!.height <= a!.y || a!.x + a!.width <= b!.x || b!.x + b!.width <= a!.x).toBe(true);
  await control.click({ trial: true });
}

test.describe('the demo banner (decision 0940)', () => {
  test('says on the public page and the sign-in page that this is a demo, covering nothing', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toHaveText(DEMO_BANNER_TEXT);
    await expectClear(page, page.getByRole('button', { name: 'Click Here To Login' }));
    await expectNoAxeViolations(page, 'public dashboard with the demo banner');
    await page.getByRole('button', { name: 'Click Here To Login' }).click();
    await page.waitForURL(/\/signin\//);
    await expect(banner(page)).toHaveText(DEMO_BANNER_TEXT);
    await expectClear(page, page.getByRole('button', { name: 'Sign in', exact: true }));
    await expectNoAxeViolations(page, 'sign-in page with the demo banner');
  });

  test('stays above the member shell, whose header and menu stay clear of it, also on a phone', async ({ page }) => {
    await signIn(page, 'agent');
    await expect(banner(page)).toHaveText(DEMO_BANNER_TEXT);
    await expectClear(page, page.getByTestId('user-menu'));
    await expectClear(page, page.getByRole('link', { name: 'Portico home' }));
    await expectNoAxeViolations(page, 'member dashboard with the demo banner');
    await snapshot(page, 'demo-banner-dashboard');
    await page.mouse.wheel(0, 600);
    await expect(banner(page)).toBeInViewport();
    await page.setViewportSize({ width: 375, height: 740 });
    await expectClear(page, page.getByRole('button', { name: 'Toggle the main menu' }));
    await snapshot(page, 'demo-banner-phone');
  });
});
