import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

/** axe (WCAG 2.1 A/AA) on the whole page, with the pointer parked off any control so hover styles do not count. */
async function axe(page: Page, label: string) {
  await page.mouse.move(1, 719);
  await expectNoAxeViolations(page, label);
}

const grid = (page: Page) => page.getByTestId('admin-messages');
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

test.describe('Broker Center / AOR Center', () => {
  test('a broker writes a message with errors first, edits it, marks it unread and deletes it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signIn(page, 'broker');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Broker / AOR Center' }).first()).toBeVisible();
    await page.goto('/aor-messages/anything');
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole('heading', { name: 'Broker Center', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, 'Commission checks are ready')).toBeVisible();
    // The association's messages and those of the branch OC101 (its manager's) are not the broker's to administer.
    await expect(row(page, 'Lockbox keys must be returned')).toHaveCount(0);
    await expect(row(page, 'Broker roundtable')).toHaveCount(0);
    await axe(page, 'messages tab');
    await snapshot(page, 'admin-messages');

    await page.getByRole('button', { name: 'New Message' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Message' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByLabel('Title')).toHaveValue(/^A message from /);
    await expect(drawer.getByTestId('office-only')).toContainText('This message goes only to your office');
    await expect(drawer.getByRole('button', { name: /Messages go only to the office of your MLS ID broker/ })).toBeVisible();
    await expect(drawer.getByLabel('Member Types')).toHaveCount(0);
    await drawer.getByLabel('Title').fill('');
    await drawer.getByRole('textbox', { name: 'Message', exact: true }).fill('Hi');
    await drawer.getByLabel('Link (optional)').fill('example.org');
    await drawer.getByLabel('Message Type').selectOption({ label: 'Select One' });
    await expect(drawer.getByLabel('Message Type').locator('option')).toHaveText(['Select One', 'Error', 'Information', 'Resolved']);
    await drawer.getByRole('button', { name: 'Create Message' }).click();
    await expect(drawer.getByText('Message Title Required')).toBeVisible();
    await expect(drawer.getByText('Message must be 5 to 300 characters')).toBeVisible();
    await expect(drawer.getByText('Please enter a valid url, including protocol (http, https)')).toBeVisible();
    await expect(drawer.getByText('Message Type Required')).toBeVisible();
    await axe(page, 'new message slide-over with errors');
    await snapshot(page, 'admin-message-errors');

    await drawer.getByLabel('Title').fill('E2E parking notice');
    await drawer.getByRole('textbox', { name: 'Message', exact: true }).fill('The parking lot is closed on Monday for repaving.');
    await drawer.getByLabel('Link (optional)').fill('https://www.example-mls.org/parking');
    await drawer.getByLabel('Message Type').selectOption({ label: 'Information' });
    await drawer.getByRole('button', { name: 'Create Message' }).click();
    await expect(page.getByText('Your message has been created successfully')).toBeVisible();
    await expect(drawer).toHaveCount(0);
    await expect(row(page, 'E2E parking notice')).toContainText('The parking lot is closed on Monday');

    // The office assistant of the broker's office OC100 reads it; the demo agent in branch OC101 and staff of the
    // association in another office do not (a message goes only to the office of the writer's MLS ID).
    const colleague = await signInElsewhere(browser, 'officeassistant');
    await colleague.goto('/system-notifications');
    await expect(colleague.getByTestId('inbox-list').getByText('E2E parking notice')).toBeVisible();
    await colleague.context().close();
    const agent = await signInElsewhere(browser, 'agent');
    await agent.goto('/system-notifications');
    await expect(agent.getByTestId('inbox-list').getByText('Lockbox keys must be returned')).toBeVisible();
    await expect(agent.getByTestId('inbox-list').getByText('E2E parking notice')).toHaveCount(0);
    await agent.context().close();
    const staff = await signInElsewhere(browser, 'aorstaff');
    await staff.goto('/system-notifications');
    await expect(staff.getByTestId('inbox-list').getByRole('listitem').first()).toBeVisible();
    await expect(staff.getByTestId('inbox-list').getByText('E2E parking notice')).toHaveCount(0);
    await staff.context().close();

    await page.getByRole('textbox', { name: 'Search by message text' }).fill('repaving');
    await expect(grid(page).getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Edit E2E parking notice' }).click();
    await expect(page).toHaveURL(/\/admin\/messages\/\d+$/);
    const details = page.getByRole('dialog', { name: 'Message Details' });
    await expect(details.getByLabel('Title')).toHaveValue('E2E parking notice');
    await axe(page, 'message details slide-over');
    await details.getByLabel('Title').fill('E2E parking notice, edited');
    await details.getByRole('button', { name: 'Save Message' }).click();
    await expect(page.getByText('Message updated successfully')).toBeVisible();
    await expect(row(page, 'E2E parking notice, edited')).toBeVisible();
    await expect(row(page, 'E2E parking notice, edited').getByRole('button', { name: /Mark as Unread/ })).toHaveCount(0);

    // Read it as a member does, then mark it unread from the Broker Center.
    await page.goto('/system-notifications');
    await page
      .getByTestId('inbox-list')
      .getByRole('listitem')
      .filter({ hasText: 'E2E parking notice, edited' })
      .getByRole('button')
      .click();
    await expect(page.getByRole('article').getByRole('heading', { name: 'E2E parking notice, edited' })).toBeVisible();
    await page.goto('/admin/messages');
    await page.getByRole('textbox', { name: 'Search by message text' }).fill('repaving');
    const unread = row(page, 'E2E parking notice, edited').getByRole('button', { name: /Mark as Unread/ });
    await expect(unread).toBeVisible();
    await unread.click();
    await expect(unread).toHaveCount(0);
    await page.goto('/system-notifications');
    await expect(page.getByTestId('inbox-list').getByRole('listitem').filter({ hasText: 'E2E parking notice, edited' })).toContainText(
      'Unread:',
    );
    await page.goto('/admin/messages');
    await page.getByRole('textbox', { name: 'Search by message text' }).fill('repaving');
    await expect(grid(page).getByRole('row')).toHaveCount(2);

    await page.getByRole('button', { name: 'Delete E2E parking notice, edited' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText("It will be removed from all agents' views.");
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Message deleted successfully')).toBeVisible();
    await expect(page.getByText('No messages found')).toBeVisible();

    await page.getByRole('tab', { name: 'Resource Materials' }).click();
    await expect(page).toHaveURL(/\/admin\/resource-materials$/);
    await expect(page.getByRole('heading', { name: 'Broker Resource Materials' })).toBeVisible();
    await expect(page.getByTestId('resource-password')).toHaveText('OC100#Resources');
    await expect(page.getByRole('link', { name: 'Support Page', exact: true })).toHaveAttribute(
      'href',
      'https://www.example-mls.org/support',
    );
    await axe(page, 'resource materials tab');
    await snapshot(page, 'admin-resource-materials');
  });

  test('association staff see the AOR Center and choose member types', async ({ page }) => {
    await signInAt(page, 'aorstaff', '/admin');
    await expect(page.getByRole('heading', { name: 'AOR Center', level: 1 })).toBeVisible();
    await expect(row(page, 'Broker roundtable')).toBeVisible();
    await expect(row(page, 'Lockbox keys must be returned')).toHaveCount(0);
    await page.getByRole('button', { name: 'New Message' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Message' });
    await expect(drawer.getByLabel('Title')).toHaveValue('A message from Orange Coast Association of Realtors');
    await expect(drawer.getByTestId('message-audience')).toContainText(
      /every member of Orange Coast Association of Realtors: [\d,]+ members/,
    );
    await drawer.getByRole('textbox', { name: 'Member Types' }).click();
    await expect(page.getByRole('option', { name: 'All', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Agent', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Photographer' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Broker', exact: true }).click();
    await page.keyboard.press('Escape');
    await axe(page, 'AOR new message slide-over');
    await snapshot(page, 'admin-aor-new-message');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Resource Materials' }).click();
    await expect(page.getByRole('heading', { name: 'AOR Resource Materials' })).toBeVisible();
    await expect(page.getByTestId('resource-password')).toHaveText('OcStaff#2026');

    // Member Insights: the association's cases, each opening its Insight Detail under the tab's own path.
    const insights = page.getByRole('tab', { name: /Member Insights/ });
    await expect(insights).toContainText('New!');
    await insights.click();
    await expect(page).toHaveURL(/\/admin\/member-insights$/);
    await page.getByRole('textbox', { name: 'Search cases' }).fill('Lockbox');
    const lockbox = page.getByRole('row').filter({ hasText: 'Association Support CCD Case: Lockbox access' });
    await expect(lockbox).toBeVisible();
    await axe(page, 'member insights tab');
    await lockbox.getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/member-insights\/\d+$/);
    const detail = page.getByRole('dialog', { name: 'Insight Detail' });
    await expect(detail).toBeVisible();
    await axe(page, 'insight detail in the AOR Center');
    await snapshot(page, 'admin-member-insights-detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/admin\/member-insights$/);
  });

  test('MLS staff administer every message in the AOR Center', async ({ page }) => {
    await signInAt(page, 'mlsstaff', '/admin/messages');
    await expect(page.getByRole('heading', { name: 'AOR Center', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search by message text' }).fill('lockbox');
    await expect(row(page, 'Lockbox keys must be returned')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search by message text' }).fill('roundtable');
    await expect(row(page, 'Broker roundtable')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('navigation', { name: 'Message pages' })).toBeVisible();
  });

  // Issue 28 §4 (decision 1055): the form says who will receive the message, with a count the server computes by the
  // rules the message will be read by, and the default title names the MLS, not the staff member's association.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`MLS staff's New Message says who receives it, with a count, and is titled from the MLS (${size.width}px)`, async ({ page }) => {
      await page.setViewportSize(size);
      await signInAt(page, 'mlsstaff', '/admin/messages');
      await page.getByRole('button', { name: 'New Message' }).click();
      const drawer = page.getByRole('dialog', { name: 'New Message' });
      const title = drawer.getByLabel('Title');
      await expect(title).toHaveValue(/^A message from /);
      await expect(title).not.toHaveValue(/Orange Coast/);
      await expect(title).toHaveValue('A message from Portico Demo MLS');
      const audience = drawer.getByTestId('message-audience');
      await expect(audience).toContainText(/every member of Portico Demo MLS \(MLS-wide\): [\d,]+ members/);
      const everyone = Number(/([\d,]+) members/.exec((await audience.textContent()) ?? '')?.[1].replaceAll(',', ''));
      expect(everyone).toBeGreaterThan(1);
      // Brokers only: fewer members, named in the summary.
      await drawer.getByRole('textbox', { name: 'Member Types' }).click();
      await page.getByRole('option', { name: 'Broker', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(audience).toContainText(/members of type Broker of Portico Demo MLS \(MLS-wide\): [\d,]+ members?/);
      const brokers = Number(/([\d,]+) members?\.?$/.exec((await audience.textContent()) ?? '')?.[1].replaceAll(',', ''));
      expect(brokers).toBeGreaterThan(0);
      expect(brokers).toBeLessThan(everyone);
      await axe(page, `MLS staff new message ${size.width}`);
      await snapshot(page, `admin-mls-new-message-${size.width}`);
    });
  }

  test('an agent has no Broker / AOR Center', async ({ page }) => {
    await signIn(page, 'agent');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Broker / AOR Center' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/aor-messages');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await axe(page, 'admin refused');
  });
});
