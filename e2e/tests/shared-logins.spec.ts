import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAt, snapshot, test } from '../support/portal';

/** Axe and screenshots at 1280 and 375 px. */
async function checkBothWidths(page: Page, label: string, name: string) {
  await expectNoAxeViolations(page, label);
  await snapshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, `${label} at 375 px`);
  await snapshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The demo seeds two Orange Coast members with shared-login flags (seed/shared-logins.ts); no other journey uses them.
test('shared logins: association staff open the queue, dismiss a flag with a reason and require a reset of another member', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, 'aorstaff', '/admin/shared-logins');
  const rows = page.getByTestId('shared-login-row');
  await expect(rows).toHaveCount(2);
  // Highest score first: Los Angeles then New York 20 minutes later.
  await expect(rows.first()).toContainText('Impossible travel');
  await expect(rows.first()).toContainText('Many devices');
  await expect(rows.nth(1)).toContainText('Many devices');
  // Association staff read the thresholds; MLS staff change them.
  await expect(page.getByLabel('Fastest travel')).toHaveValue('900');
  await expect(page.getByText('MLS staff change the thresholds.')).toBeVisible();
  await checkBothWidths(page, 'AOR Center: Shared logins', 'shared-logins');

  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/shared-logins\/\d+$/);
  const travel = page.getByRole('listitem', { name: 'Impossible travel' });
  await expect(travel).toContainText(/Los Angeles, CA, US to New York, NY, US: 3,9\d\d km in 20 minutes/);
  await expect(page.getByRole('table', { name: 'Sign-ins' }).getByRole('row')).toHaveCount(8);
  await checkBothWidths(page, 'AOR Center: a member of Shared logins', 'shared-logins-member');

  const devices = page.getByRole('listitem', { name: 'Many devices' });
  await devices.getByRole('button', { name: 'Dismiss flag' }).click();
  await expect(devices.getByText('Say why the flag is dismissed')).toBeVisible();
  await devices.getByLabel('Reason to dismiss').fill('New laptop and phone, confirmed with the member by phone');
  await devices.getByRole('button', { name: 'Dismiss flag' }).click();
  await expect(devices).toContainText('Dismissed by Grace Whitfield: New laptop and phone, confirmed with the member by phone');
  await expect(travel).toContainText('Open');

  await page.getByRole('link', { name: 'All flagged members' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).not.toContainText('Many devices');
  await rows.nth(1).getByRole('link').click();
  await page.getByRole('button', { name: 'Require password reset' }).click();
  await page.getByRole('button', { name: 'Sign out and require reset' }).click();
  await expect(page.getByText('Password change required')).toBeVisible();
  await expect(page.getByText(/signed out everywhere and must change the password/).first()).toBeVisible();
});
