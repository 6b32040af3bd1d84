import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInElsewhere, test } from '../support/portal';

/**
 * Live updates (decision 0977): the bells and the chat change while the member looks, without a reload, within a few
 * seconds (the polls they replace run every 5 minutes). Staff act from another browser. The chat is the office
 * assistant's: support.spec.ts counts the agent's and the manager's chat messages.
 */
async function unreadOf(page: Page, label: string): Promise<number> {
  const name = (await page.getByRole('link', { name: new RegExp(`^${label}`) }).getAttribute('aria-label')) ?? '';
  return Number(/: (\d+)\+? unread$/.exec(name)?.[1] ?? 0);
}

test.describe('live updates', () => {
  test("a new association message rings the member's system bell at once", async ({ page, browser }) => {
    const listed = page.waitForResponse((res) => res.url().includes('/api/app/SystemNotifications'));
    await signIn(page, 'agent');
    await expect(page.getByRole('link', { name: /^System messages/ })).toBeVisible();
    // The first answer of the list has come and the bell shows its count (the demo agent has unread messages).
    await listed;
    await expect(page.getByRole('link', { name: /^System messages: \d+\+? unread$/ })).toBeVisible();
    const before = await unreadOf(page, 'System messages');

    const staff = await signInElsewhere(browser, 'aorstaff');
    await staff.goto('/admin/messages');
    await staff.getByRole('button', { name: 'New Message' }).click();
    const drawer = staff.getByRole('dialog', { name: 'New Message' });
    await drawer.getByLabel('Title').fill('E2E live notice');
    await drawer.getByRole('textbox', { name: 'Message', exact: true }).fill('The office closes early today, live.');
    await drawer.getByLabel('Message Type').selectOption({ label: 'Information' });
    await drawer.getByRole('button', { name: 'Create Message' }).click();
    await expect(staff.getByText('Your message has been created successfully')).toBeVisible();
    await staff.context().close();

    await expect(page.getByRole('link', { name: `System messages: ${before + 1} unread` })).toBeVisible({ timeout: 5_000 });
    await page.getByRole('link', { name: /^System messages/ }).click();
    await expect(page.getByTestId('inbox-list')).toContainText('E2E live notice');
  });

  test('staff see a new chat arrive; the member sees the reply marked on the Support button and keeps the conversation', async ({
    page,
    browser,
  }) => {
    const staff = await signInElsewhere(browser, 'aorstaff');
    await staff.goto('/cases');
    await staff.getByRole('textbox', { name: 'Search cases' }).fill('Live chat with officeassistant');
    const chatRows = staff.getByRole('row').filter({ hasText: 'Live chat with officeassistant' });
    await expect(staff.getByRole('table')).toBeVisible();
    const before = await chatRows.count();

    await signIn(page, 'officeassistant');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Support' });
    await drawer.getByRole('tab', { name: 'Live Chat' }).click();
    await drawer.getByRole('button', { name: 'Start chat' }).click();
    await drawer.getByRole('textbox', { name: 'Your message' }).fill('Is anybody there?');
    await drawer.getByRole('button', { name: 'Send' }).click();
    await expect(drawer.getByRole('log')).toContainText('Is anybody there?');

    // The cases list refreshes by itself on the staff side.
    await expect(chatRows).toHaveCount(before + 1, { timeout: 5_000 });

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toHaveCount(0);

    await chatRows.first().getByRole('link').click();
    const detail = staff.getByRole('dialog', { name: 'Insight Detail' });
    await detail.getByRole('textbox', { name: 'Your message' }).fill('Yes, we are here.');
    await detail.getByRole('button', { name: 'Send' }).click();
    await expect(detail.getByRole('log')).toContainText('(Support)');
    await staff.context().close();

    const marked = page.getByRole('button', { name: 'Support: new reply in your chat' });
    await expect(marked.first()).toBeVisible({ timeout: 5_000 });
    await page.mouse.move(1, 719);
    await expectNoAxeViolations(page, 'support button with a new reply');
    await marked.first().click();
    await expect(drawer.getByRole('tab', { name: 'Live Chat' })).toHaveAttribute('aria-selected', 'true');
    await expect(drawer.getByRole('log')).toContainText('Is anybody there?');
    await expect(drawer.getByRole('log')).toContainText('Yes, we are here.');
    await expect(page.getByRole('button', { name: 'Support', exact: true }).first()).toBeVisible();
  });
});
