import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

// A seeded member that no other journey uses: its password changes here.
const LOGIN = 'AR00001';

test('forgot password: the link from the outbox sets a new password that signs in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await page.waitForURL(/\/signin\//);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await page.getByRole('button', { name: 'Send password reset email' }).click();
  await expect(page.getByText('User ID Required')).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password');
  await page.getByLabel('User ID').fill(LOGIN);
  await page.getByRole('button', { name: 'Send password reset email' }).click();
  await expect(page.getByText(/Your password reset request has been received/)).toBeVisible();
  await expect(page.getByText(/taken to the home page in \d+ seconds/)).toBeVisible();

  await page.goto('/outbox');
  const link = await page
    .getByRole('link', { name: /\/password-reset\// })
    .first()
    .getAttribute('href');
  expect(link).toBeTruthy();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Login ID' })).toHaveValue(LOGIN);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Reset#Done42');
  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Reset#Done42');
  await expectNoAxeViolations(page, 'password reset');
  await snapshot(page, 'password-reset');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been set. You can sign in with it now.')).toBeVisible();

  await signIn(page, LOGIN, 'Reset#Done42');
  await expect(page.getByTestId('greeting')).toBeVisible();
});

test('a spent or unknown reset link says so and goes home', async ({ page }) => {
  await page.goto('/password-reset/not-a-real-token');
  await expect(page.getByRole('alert')).toContainText('Invalid Password Token: Your password token is no longer valid');
});
