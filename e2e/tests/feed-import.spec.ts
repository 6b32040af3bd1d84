import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

async function axe(page: Page, label: string) {
  await page.mouse.move(1, 719);
  await expectNoAxeViolations(page, label);
}

/** A small members CSV with RESO headers: two new members and one row the preview rejects. */
function rosterCsv(run: string) {
  return [
    'MemberKey,MemberMlsId,MemberLoginId,MemberFirstName,MemberLastName,MemberEmail,MemberType,MemberStatus',
    `E2E${run}A,E2EMLS${run}A,e2e_${run}_a,Robin,Harbor,robin.${run}@csv.example,Agent,Active`,
    `E2E${run}B,E2EMLS${run}B,e2e_${run}_b,Sam,Summit,sam.${run}@csv.example,Broker,Active`,
    `E2E${run}C,E2EMLS${run}C,e2e_${run}_c,Alex,Wizard,alex.${run}@csv.example,Wizard,Active`,
  ].join('\n');
}

test.describe('CSV import (MLS data feed fallback)', () => {
  test('MLS staff upload a members CSV, see the preview, apply it with progress and see the result', async ({ page }) => {
    const run = Date.now().toString(36);
    await signIn(page, 'mlsstaff');
    await page.goto('/feed/import');
    await expect(page.getByRole('heading', { name: 'Import from a CSV file', level: 1 })).toBeVisible();
    await axe(page, 'csv import form');

    await page.locator('input[type=file]').setInputFiles({
      name: 'roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rosterCsv(run)),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: 'Preview of roster.csv: 3 rows' })).toBeVisible();
    await expect(page.getByTestId('count-created')).toHaveText('2');
    await expect(page.getByTestId('count-rejected')).toHaveText('1');
    await expect(page.getByRole('cell', { name: 'No user class for MemberType=Wizard' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Robin Harbor' })).toBeVisible();
    await axe(page, 'csv import preview');
    await snapshot(page, 'feed-import-preview');

    // The first status read waits until the progress bar has been seen, so the journey sees the apply running.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/app/Feed/Imports/*', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    const applied = page.waitForResponse((r) => r.url().includes('/Apply') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Apply' }).click();
    expect((await (await applied).json()).results[0]).toMatchObject({ status: 'applying', progress: { done: 0 } });
    await expect(page.getByRole('heading', { name: 'Applying the import' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Rows written' })).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByText('0 of 3 rows written')).toBeVisible();
    await axe(page, 'csv import applying');
    await snapshot(page, 'feed-import-applying');
    release();

    await expect(page.getByRole('heading', { name: 'The import is applied' })).toBeVisible();
    await expect(page.getByTestId('count-created')).toHaveText('2');
    await axe(page, 'csv import applied');
    await snapshot(page, 'feed-import-applied');
  });

  test('association staff cannot import', async ({ page }) => {
    await signIn(page, 'aorstaff');
    await page.goto('/feed/import');
    await page.locator('input[type=file]').setInputFiles({
      name: 'roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rosterCsv('x')),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The file cannot be imported' })).toContainText('You do not have access');
  });
});
