import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

// The demo member who has not accepted the agreement (README's demo table); every other demo member has.
const PENDING = 'neweula';

test('a member who has not accepted the EULA sees it first, must type their name, and declining signs out', async ({ page }) => {
  await signIn(page, PENDING, undefined, { expectShell: false });
  const heading = page.getByRole('heading', { name: 'End User License Agreement', level: 1 });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Agreement text' })).toContainText('Use of MLS data');
  await expect(page.getByText('Type your name as it appears: Nadia Kowalczyk')).toBeVisible();
  await expectNoAxeViolations(page, 'EULA acceptance');
  await snapshot(page, 'eula-acceptance');

  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Please type your name as it appears', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Type your name to accept' }).fill('Nadia Someone');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Please type your name as it appears', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'EULA acceptance with an error');

  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/logged-out/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'You have securely logged out.' })).toBeVisible();

  // Still not accepted: the next visit shows it again; typing the name in another letter case accepts it.
  await signIn(page, PENDING, undefined, { expectShell: false });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Type your name to accept' }).fill('  nadia KOWALCZYK ');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('EULA Accepted')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // View EULA: the title once, the signature as typed and the time in UTC, and Print with its own stylesheet.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'View EULA' }).click();
  const dialog = page.getByRole('dialog', { name: 'End User License Agreement' });
  await expect(dialog.getByTestId('eula-signature')).toContainText('nadia KOWALCZYK');
  await expect(dialog.getByTestId('eula-signature')).toHaveText(/on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM) UTC$/);
  await expect(dialog.getByText('End User License Agreement', { exact: true })).toHaveCount(1);
  await expectNoAxeViolations(page, 'View EULA');
  await snapshot(page, 'eula-view');

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await dialog.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const printCopy = page.getByTestId('eula-print');
  await expect(printCopy).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printCopy).toBeVisible();
  await expect(printCopy).toContainText('Use of MLS data');
  await expect(printCopy).toContainText(/Signed by nadia KOWALCZYK on .* UTC/);
  await expect(printCopy.getByRole('heading', { name: 'End User License Agreement' })).toHaveCount(1);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await snapshot(page, 'eula-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(printCopy).toBeHidden();
});
