import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAt, snapshot, test } from '../support/portal';

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
    test.setTimeout(180_000);
    const run = Date.now().toString(36);
    await signInAt(page, 'mlsstaff', '/feed/import');
    await expect(page.getByRole('heading', { name: 'Import from a CSV file', level: 1 })).toBeVisible();
    await axe(page, 'csv import form');

    await page.locator('input[type=file]').setInputFiles({
      name: `roster-${run}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(rosterCsv(run)),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: `Preview of roster-${run}.csv: 3 rows` })).toBeVisible();
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
    // Issue 28 §4: what was written and what was refused, the refused rows with their reasons, and a CSV of them.
    await expect(page.getByRole('status').filter({ hasText: 'Done' })).toContainText(
      '2 records were written in one transaction (created, changed or deactivated); 1 row was refused and not imported.',
    );
    await expect(page.getByText('Every row was written')).toHaveCount(0);
    await expect(page.getByTestId('count-rejected')).toHaveText('1');
    const refused = page.getByRole('table', { name: 'Refused rows' });
    await expect(refused.getByRole('cell', { name: 'No user class for MemberType=Wizard' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the refused rows (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^roster-${run}-refused-\\d+\\.csv$`));
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text.split('\r\n')).toEqual([
      'MemberKey,MemberMlsId,MemberLoginId,MemberFirstName,MemberLastName,MemberEmail,MemberType,MemberStatus,PorticoRefusedReason',
      `E2E${run}C,E2EMLS${run}C,e2e_${run}_c,Alex,Wizard,alex.${run}@csv.example,Wizard,Active,No user class for MemberType=Wizard`,
      '',
    ]);
    await axe(page, 'csv import applied');
    await snapshot(page, 'feed-import-applied');

    // The import history on the feed screen (the AOR Center's tab): who, when, which file, what it wrote and refused.
    await page.goto('/admin/mls-data-feed');
    const history = page.getByTestId('feed-import-history');
    const row = history.getByRole('row').filter({ hasText: `roster-${run}.csv` });
    await expect(row).toContainText('3 member rows');
    await expect(row).toContainText('Applied');
    await expect(row).toContainText('2 written, 0 unchanged, 1 refused');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M/);
    await expect(row.getByRole('button', { name: 'Refused rows (CSV)' })).toBeVisible();
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`the feed and the CSV import are AOR Center tabs; an unconnected feed says in words what to do (${size.width}px)`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      await signInAt(page, 'mlsstaff', '/admin');
      await expect(page.getByRole('heading', { name: 'AOR Center', level: 1 })).toBeVisible();
      await page.getByRole('tab', { name: 'MLS data feed' }).click();
      await expect(page).toHaveURL(/\/admin\/mls-data-feed$/);
      await expect(page.getByRole('heading', { name: 'MLS data feed', level: 2, exact: true })).toBeVisible();
      const setup = page.getByTestId('feed-setup');
      await expect(setup.getByRole('heading', { name: 'No MLS data feed is connected yet' })).toBeVisible();
      await expect(setup).toContainText("ask the MLS system's vendor for Web API access for Portico");
      // The environment's names only in the details box, closed until opened.
      await expect(setup.getByText('RESO_WEB_API_URL')).toBeHidden();
      await expect(page.getByText(/RESO_TOKEN|RESO_WEB_API_URL/).filter({ visible: true })).toHaveCount(0);
      await axe(page, `feed tab, not connected, ${size.width}`);
      await snapshot(page, `feed-tab-not-connected-${size.width}`);
      await setup.getByText('Server settings for the feed').click();
      await expect(page.getByTestId('feed-settings')).toContainText('RESO_WEB_API_URL');
      await expect(page.getByTestId('feed-settings').getByRole('row', { name: /RESO_WEB_API_URL/ })).toContainText('Not set');
      await axe(page, `feed tab, settings open, ${size.width}`);
      await snapshot(page, `feed-tab-settings-${size.width}`);

      await page.getByRole('tab', { name: 'CSV import' }).click();
      await expect(page).toHaveURL(/\/admin\/csv-import$/);
      await expect(page.getByRole('heading', { name: 'Import from a CSV file', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('AOR Center');
      await axe(page, `csv import tab, ${size.width}`);
      await snapshot(page, `csv-import-tab-${size.width}`);
    });
  }

  test('association staff cannot import and have no feed or CSV import tab', async ({ page }) => {
    await signInAt(page, 'aorstaff', '/feed/import');
    await page.locator('input[type=file]').setInputFiles({
      name: 'roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rosterCsv('x')),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The file cannot be imported' })).toContainText('You do not have access');
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'MLS data feed' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'CSV import' })).toHaveCount(0);
  });
});
