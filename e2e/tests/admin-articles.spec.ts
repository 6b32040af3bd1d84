import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

/** A 2x1 PNG: small enough to inline, and not the 384x192 the carousel recommends (the form says so). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGMQiVrwYYsNAAk1Au/EpxwkAAAAAElFTkSuQmCC', 'base64');
const TITLE = `Summer Listing Clinic ${Date.now() % 100_000}`;

/** Uncaught errors of the page's scripts (an editor that throws takes the screen down): none may happen. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Closes a toast unless it has closed by itself already (successes close after 5 s). */
async function closeToast(toast: Locator) {
  await toast
    .getByRole('button', { name: 'Close notification' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
}

async function toastSays(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await closeToast(toast);
}

test.describe('AOR Center: Articles tab and media manager', () => {
  test('association staff create, find, edit and delete an article with an image from the media manager', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const errors = pageErrors(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAt(page, 'aorstaff', '/admin/articles');
    await expect(page.getByRole('heading', { name: 'AOR Center', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Articles', selected: true })).toBeVisible();
    const grid = page.getByRole('table', { name: 'Articles' });
    await expect(grid.getByRole('columnheader')).toHaveText([
      'Title',
      'Status',
      'Category',
      'Created On',
      'Created By',
      'Expires On',
      'Actions',
    ]);
    // The demo's articles colour their expiry: one expired, one within 5 days, later ones green.
    await expect(grid.locator('[data-expiry="expired"]').first()).toBeVisible();
    await expect(grid.locator('[data-expiry="soon"]').first()).toBeVisible();
    await expect(grid.locator('[data-expiry="ok"]').first()).toBeVisible();
    await expectNoAxeViolations(page, 'articles tab', { pointerAway: true });
    await snapshot(page, 'admin-articles-tab');

    // Validation first: nothing typed, then a short title and an expiry before the publish date.
    await page.getByRole('button', { name: 'New Article' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create New Article' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Title Required')).toBeVisible();
    await expect(drawer.getByText('Expires On Required')).toBeVisible();
    await expect(drawer.getByText('Article Body Required')).toBeVisible();
    await drawer.getByLabel('Title').fill('Hi');
    await drawer.getByLabel('Expires On').fill('2020-01-01T10:00');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Title must be 5 to 200 characters')).toBeVisible();
    await expect(drawer.getByText('Expires On must be after Publish On')).toBeVisible();
    await expect(drawer.getByText('Use 12/31/2099 to keep an article visible indefinitely.')).toBeVisible();
    await expect(drawer.getByLabel('Category')).toHaveValue('General');
    await expectNoAxeViolations(page, 'article form', { pointerAway: true });
    await snapshot(page, 'admin-articles-form-errors');

    await drawer.getByLabel('Title').fill(TITLE);
    await drawer.getByLabel('Author/Byline').fill('By the Education Committee');
    await drawer.getByLabel('Expires On').fill('2099-12-31T08:00');
    await drawer.getByRole('textbox', { name: 'Article Body' }).click();
    await page.keyboard.type('Bring your toughest listing questions to the clinic.');

    // The carousel image: upload one through the media manager, copy its path, then choose it.
    await drawer.getByRole('button', { name: 'Choose Image' }).click();
    const media = page.getByRole('dialog', { name: 'Media Manager' });
    await expect(media).toBeVisible();
    await expect(media.getByRole('button', { name: 'Open folder carousel' })).toBeVisible();
    const fileName = `clinic-${Date.now() % 100_000}.png`;
    await media.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: PNG });
    await toastSays(page, 'File uploaded');
    const row = media.getByTestId(`media-entry-${fileName}`);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Actions for ${fileName}` }).click();
    await page.getByRole('menuitem', { name: 'Copy Path' }).click();
    const copied = page.locator('.mantine-Notification-root').filter({ hasText: 'File Path Copied' });
    await expect(copied).toContainText('Success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/files/articles/\\d+/${fileName}$`));
    await closeToast(copied);
    await row.getByRole('button', { name: `Actions for ${fileName}` }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Details' });
    await expect(details.getByRole('table', { name: 'File details' })).toContainText('2 x 1 px');
    await expectNoAxeViolations(page, 'media manager details', { pointerAway: true });
    await details.getByRole('button', { name: 'Close' }).click();
    await expectNoAxeViolations(page, 'media manager', { pointerAway: true });
    await snapshot(page, 'admin-articles-media-manager');
    await row.getByRole('button', { name: `Choose ${fileName}` }).click();
    await expect(media).toBeHidden();
    // The manager hands out signed addresses (the image is not published yet); the article stores it without (decision 0821).
    await expect(drawer.getByLabel('Carousel Image')).toHaveValue(new RegExp(`/files/articles/\\d+/${fileName}\\?sig=[\\w.-]+$`));
    await expect(drawer.getByRole('img', { name: 'Carousel image preview' })).toBeVisible();
    await expect(drawer.getByText('This image is 2x1 px; the carousel shows 384x192 px.')).toBeVisible();

    // An image in the body, from the editor's image button: a demo image of the carousel folder.
    await drawer.getByRole('button', { name: 'Insert image' }).click();
    await media.getByRole('button', { name: 'Open folder carousel' }).click();
    await media.getByRole('button', { name: 'Choose harbor-sunrise.png' }).click();
    await expect(media).toBeHidden();
    await expect(drawer.getByRole('textbox', { name: 'Article Body' }).locator('img')).toHaveAttribute(
      'src',
      /carousel\/harbor-sunrise\.png(\?sig=[\w.-]+)?$/,
    );

    await drawer.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Your article has been created successfully');
    const detail = page.getByRole('dialog', { name: 'Article Detail' });
    await expect(detail.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(detail.getByText('Approved')).toBeVisible();
    await expect(detail.getByTestId('article-detail-content')).toContainText('toughest listing questions');
    await expect(detail.getByTestId('article-detail-content').locator('img')).toHaveAttribute('alt', 'harbor-sunrise');
    await expectNoAxeViolations(page, 'article detail', { pointerAway: true });
    await snapshot(page, 'admin-articles-detail');
    await detail.getByRole('button', { name: 'Close' }).click();

    // Found in the grid by its title, green until 2099.
    await page.getByRole('textbox', { name: 'Search by title' }).fill(TITLE);
    await expect(grid.getByRole('row')).toHaveCount(2);
    const created = grid.getByRole('row').filter({ hasText: TITLE });
    await expect(created.locator('[data-expiry="ok"]')).toHaveText(/12\/31\/2099/);
    await expect(created).toContainText('General');

    // A member of the association reads it in the article center, image and all.
    const agent = await signInElsewhere(browser, 'agent');
    await agent.goto('/articles/');
    await agent.getByRole('textbox', { name: 'Search articles' }).fill(TITLE);
    const card = agent.getByTestId('article-card').filter({ hasText: TITLE });
    await expect(card).toBeVisible();
    await expect
      .poll(async () =>
        card
          .locator('img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await agent.context().close();

    // Edit: a new title, saved.
    await created.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Article' });
    await expect(edit.getByLabel('Title')).toHaveValue(TITLE);
    await edit.getByLabel('Title').fill(`${TITLE} (updated)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Article updated successfully');
    await page.getByRole('dialog', { name: 'Article Detail' }).getByRole('button', { name: 'Close' }).click();

    // Delete, behind the seed's question, while the search typed just before is still on its way: the server has
    // answered it (the article is still there) but the browser gets the answer only after the delete. The grid must
    // then read again, not show the deleted article (a CI run caught that race).
    let deleted: () => void = () => undefined;
    const afterDelete = new Promise<void>((resolve) => {
      deleted = resolve;
    });
    let searchAnswered: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      searchAnswered = resolve;
    });
    let held = false;
    await page.route('**/api/app/article/q', async (route) => {
      if (held || !route.request().postData()?.includes('(updated)')) return route.continue();
      held = true;
      const response = await route.fetch();
      searchAnswered();
      await afterDelete;
      await route.fulfill({ response }).catch(() => undefined); // a read cancelled by the page is gone
    });
    await page.getByRole('textbox', { name: 'Search by title' }).fill(`${TITLE} (updated)`);
    const updated = grid.getByRole('row').filter({ hasText: `${TITLE} (updated)` });
    await expect(updated).toBeVisible();
    await answered;
    await updated.getByRole('button', { name: `Delete ${TITLE} (updated)` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Are you sure you wish to delete this article?');
    const deleteCall = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/app\/Article\/\d+$/.test(r.url()));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await deleteCall;
    deleted();
    await toastSays(page, 'Article deleted successfully');
    await page.unroute('**/api/app/article/q');
    await expect(page.getByText('No Articles Found')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a broker manages their office's articles only, in the Broker Center", async ({ page }) => {
    const errors = pageErrors(page);
    await signInAt(page, 'broker', '/admin/articles');
    await expect(page.getByRole('heading', { name: 'Broker Center', level: 1 })).toBeVisible();
    const grid = page.getByRole('table', { name: 'Articles' });
    await expect(grid.getByRole('row').filter({ hasText: 'Office Meeting Moves to Thursdays' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search by title' }).fill('Holiday Hours');
    await expect(page.getByText('No Articles Found')).toBeVisible();
    await page.getByRole('button', { name: 'New Article' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Article' }).getByLabel('Category')).toHaveValue('Broker');
    await expectNoAxeViolations(page, 'broker article form', { pointerAway: true });
    expect(errors).toEqual([]);
  });
});
