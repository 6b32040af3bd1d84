import type { Page } from '@playwright/test';
import { trackRequests } from '../support/network';
import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

/** axe (WCAG 2.1 A/AA) on the whole page, with the pointer parked off any control so hover styles do not count. */
async function axe(page: Page, label: string) {
  await page.mouse.move(1, 719);
  await expectNoAxeViolations(page, label);
}

test.describe('article center and reader', () => {
  test('search, favourite and read an article', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, 'agent');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Articles' }).first()).toHaveAttribute('href', '/articles/');
    await page.goto('/articles/');
    await expect(page.getByRole('heading', { name: 'Articles', level: 1 })).toBeVisible();
    // Agents open on the general category (10).
    await expect(page.getByRole('textbox', { name: 'Category' })).toHaveValue('General');
    await expect(page.getByTestId('article-card').first()).toBeVisible();
    await axe(page, 'articles');
    await snapshot(page, 'content-articles');

    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'All categories' }).click();
    await expect(page).toHaveURL(/cat=all/);
    await page.getByText('Favorites', { exact: true }).click();
    await expect(page.getByRole('switch', { name: 'Favorites', exact: true })).toBeChecked();
    await expect(page.getByText('No Favorite Articles Found')).toBeVisible();
    await page.getByText('Favorites', { exact: true }).click();

    await page.getByRole('textbox', { name: 'Search articles' }).fill('zzzz-nothing');
    await expect(page.getByText('No Articles Found')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search articles' }).fill('fair housing');
    const card = page.getByTestId('article-card').filter({ hasText: 'Fair Housing Reminders for Listing Remarks' });
    await expect(card).toBeVisible();
    await expect(page.getByTestId('article-card')).toHaveCount(1);

    await card.getByRole('button', { name: /Add to favorites/ }).click();
    await expect(card.getByRole('button', { name: /Remove from favorites/ })).toBeVisible();
    await page.getByText('Favorites', { exact: true }).click();
    await expect(page.getByRole('switch', { name: 'Favorites', exact: true })).toBeChecked();
    await expect(page.getByTestId('article-card')).toHaveCount(1);

    await card.getByRole('link', { name: 'Fair Housing Reminders for Listing Remarks' }).click();
    await expect(page).toHaveURL(/\/article\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Fair Housing Reminders for Listing Remarks' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Compliance', exact: true })).toHaveAttribute('href', /\/articles\?cat=4$/);
    await expect(page.getByText(/^By /)).toBeVisible();
    await expect(page.getByRole('button', { name: /Remove from favorites/ })).toBeVisible();
    await expect(page.getByTestId('article-content')).toContainText('What you need to know');
    await axe(page, 'article reader');
    await snapshot(page, 'content-article');

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page.getByRole('heading', { name: 'Articles', level: 1 })).toBeVisible();
    await page.reload();
    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Compliance' }).click();
    const again = page.getByTestId('article-card').filter({ hasText: 'Fair Housing Reminders for Listing Remarks' });
    await expect(again.getByText('Read', { exact: true })).toBeVisible();
    await expect(again.getByRole('button', { name: /Remove from favorites/ })).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('hostile content never runs and ads stay in a sandboxed frame', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, 'agent');
    const network = trackRequests(page);
    await page.goto('/articles?cat=all');
    await page.getByRole('textbox', { name: 'Search articles' }).fill('formatting guide');
    await page.getByRole('link', { name: 'Formatting Guide for Article Authors' }).click();
    const content = page.getByTestId('article-content');
    await expect(content).toContainText('Event handlers and inline styles are removed.');
    expect(await content.locator('script, svg, style, [onclick], [onerror], [style]').count()).toBe(0);
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
    // Whatever the content could have started has had its chance: the page's requests are done and a frame painted.
    await network.settled();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(dialogs).toEqual([]);

    // The newest general article carries a scripted ad: it runs in a frame without same-origin access.
    await page.goto('/articles?cat=10');
    await page.getByRole('link', { name: 'Welcome to Your Reinvented Dashboard' }).click();
    const ad = page.getByTestId('article-ad');
    await expect(ad).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(ad).not.toHaveAttribute('sandbox', /allow-same-origin/);
    await expect(page.frameLocator('[data-testid="article-ad"]').getByText(/Home warranty plans for your buyers/)).toBeVisible();
  });
});

test.describe('notification center', () => {
  test('search, filter, page, bulk actions and archive with confirmation', async ({ page }) => {
    await signIn(page, 'agent');
    // The bell carries the unread count, capped at 99+.
    await page.getByRole('link', { name: 'Notifications: 99+ unread' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const countLine = page.getByTestId('count-line');
    // The demo seeds 1,250; the Clear Cooperation watch adds its alerts about the agent's overdue listings (decision 1080).
    await expect(countLine).toHaveText(/^[\d,]+ messages · Sorted by date$/);
    const all = await countLine.innerText();
    expect(Number(all.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(1250);
    const rows = page.getByTestId('inbox-list').getByRole('listitem');
    await expect(rows).toHaveCount(10);
    await axe(page, 'notifications');
    await snapshot(page, 'content-notifications');

    // Paging: 10 a page, page links with margins.
    const firstTitle = await rows.first().innerText();
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(rows.first()).not.toHaveText(firstTitle);
    await page.getByRole('button', { name: 'Page 125', exact: true }).click();
    await expect(rows).toHaveCount(10);

    // Search (subject, case-insensitive), category and status filters, reset.
    await page.getByRole('textbox', { name: 'Search notifications' }).fill('DUES INVOICE');
    await expect(countLine).not.toHaveText(all);
    await expect(rows.first()).toContainText(/dues invoice/i);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(countLine).toHaveText(all);
    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Compliance' }).click();
    await expect(rows.first()).toContainText('Compliance');
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Unread' }).click();
    const unreadLine = await countLine.innerText();
    const unreadCount = Number(unreadLine.replace(/[^\d]/g, ''));
    expect(unreadCount).toBeGreaterThan(1);

    // Bulk: mark two unread ones read; they leave the Unread list.
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'With Selected' }).click();
    await expect(page.getByRole('menuitem', { name: 'Mark as Unread' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Mark as Read' }).click();
    await expect(countLine).toHaveText(`${unreadCount - 2} messages · Sorted by date`);
    // Bulk archive asks first, as the single archive does; Cancel archives nothing.
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'With Selected' }).click();
    await page.getByRole('menuitem', { name: 'Archive', exact: true }).click();
    const bulkConfirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(bulkConfirm).toContainText('Are you sure you wish to archive the 2 selected items?');
    await bulkConfirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(countLine).toHaveText(`${unreadCount - 2} messages · Sorted by date`);
    await rows.nth(0).getByRole('checkbox').uncheck();
    await rows.nth(1).getByRole('checkbox').uncheck();

    // Opening marks read; archive asks first.
    await page.getByRole('button', { name: 'Reset filters' }).click();
    const firstRow = rows.first();
    // The row's button reads 'Unread:' (for screen readers) before the subject, on its own line or not.
    const subject = (await firstRow.getByRole('button').innerText()).replace(/^Unread:\s*/, '').split('\n')[0];
    await firstRow.getByRole('button').click();
    await expect(page).toHaveURL(/\/notifications\?id=\d+/);
    await expect(page.getByRole('heading', { name: subject, level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Unread' })).toBeVisible();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you wish to archive this notification?');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    const total = Number(all.replace(/[^\d]/g, ''));
    await expect(countLine).toHaveText(`${(total - 1).toLocaleString('en-US')} messages · Sorted by date`);
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Archived' }).click();
    await expect(countLine).toHaveText('1 message · Sorted by date');
    await rows.first().getByRole('checkbox').check();
    await page.getByLabel('Select All').check();
    await page.getByRole('button', { name: 'With Selected' }).click();
    await page.getByRole('menuitem', { name: 'Unarchive' }).click();
    await expect(page.getByText('No Notifications Found')).toBeVisible();
    await page.reload();
    await expect(countLine).toHaveText(all);
  });
});

test.describe('system messages', () => {
  test('a modal system message pops up once and closing marks it read', async ({ page }) => {
    await signIn(page, 'swlar');
    const first = page.getByRole('dialog', { name: 'Important: dues deadline' });
    await expect(first).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(first.getByRole('link', { name: 'More Information' })).toHaveAttribute('target', '_blank');
    await snapshot(page, 'content-system-modal');
    await first.getByRole('button', { name: 'Close', exact: true }).click();
    // Then the next one, alone.
    await expect(page.getByRole('dialog', { name: 'Service outage resolved' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog', { name: 'New rules take effect' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Popovers, icon by status.
    await expect(page.getByText('Showing service error')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    // The system messages are loaded again (their popover is back): the closed modals stay closed.
    await expect(page.getByText('Showing service error')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/system-notifications');
    await expect(page.getByRole('heading', { name: 'System Messages', level: 1 })).toBeVisible();
    const rows = page.getByTestId('inbox-list').getByRole('listitem');
    await expect(rows.filter({ hasText: 'Important: dues deadline' })).not.toContainText('Unread:');
  });

  test('the list, detail, status filter and archive confirmation', async ({ page }) => {
    await signIn(page, 'agent');
    await page.getByRole('link', { name: /^System messages: \d+ unread$/ }).click();
    await expect(page.getByRole('heading', { name: 'System Messages', level: 1 })).toBeVisible();
    const rows = page.getByTestId('inbox-list').getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    await axe(page, 'system messages');
    // The firm's and association's admin messages are newer: find the MLS's welcome by searching for it.
    await page.getByRole('textbox', { name: 'Search system messages' }).fill('Welcome');
    await rows.filter({ hasText: 'Welcome to the new member portal' }).getByRole('button').click();
    const detail = page.getByRole('article');
    await expect(detail.getByRole('heading', { name: 'Welcome to the new member portal' })).toBeVisible();
    await expect(detail.getByText('Information', { exact: true })).toBeVisible();
    await expect(detail.getByText(/^message sent on \d\d\/\d\d\/\d{4}/)).toBeVisible();
    await expect(detail.getByRole('link', { name: 'More Information' })).toBeVisible();
    await axe(page, 'system message detail');
    await snapshot(page, 'content-system-messages');
    await page.getByRole('button', { name: 'Reset filters' }).click();

    await page.getByRole('textbox', { name: 'Message status' }).click();
    await page.getByRole('option', { name: 'Error' }).click();
    // The MLS's error message and the branch manager's (an admin message of the agent's office); nothing of another status.
    await expect(rows.filter({ hasText: 'Listing photos delayed' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Lockbox keys must be returned' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Welcome to the new member portal' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search system messages' }).fill('nothing like this');
    await expect(page.getByText('No System Messages Found')).toBeVisible();
    await page.getByRole('button', { name: 'Reset filters' }).click();

    await detail.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you wish to archive this message?');
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await expect(rows.filter({ hasText: 'Welcome to the new member portal' })).toHaveCount(0);
  });
});
