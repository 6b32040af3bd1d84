import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

/** Issue 29 section 2 (decision 1050): an office-exclusive listing registered with its seller disclosure. */
const MLS_ZONE = 'America/Los_Angeles';
const iso = (offsetDays: number) => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: MLS_ZONE }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
};
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
  Buffer.from('Seller disclosure of an office exclusive listing, signed.\n%%EOF\n'),
]);
const step = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) }).first();

test.describe('clear cooperation: exemption and seller disclosure', () => {
  test('an agent registers an office-exclusive listing with its disclosure; staff download it', async ({ page, browser }) => {
    test.setTimeout(150_000); // four steps with axe on several of them on a busy machine
    await signInAt(page, 'agent', '/registered/new');
    await expect(page.getByRole('heading', { name: 'New Registered Listing' })).toBeVisible();

    // Location from the address type-ahead.
    await page.getByRole('textbox', { name: 'Address search (United States only)' }).fill('Huntington Beach');
    const option = page.getByRole('option').filter({ hasNotText: '#' }).first();
    await expect(option).toBeVisible({ timeout: 5_000 });
    await option.click();
    await expect(page.getByRole('textbox', { name: 'Street Number', exact: true })).not.toHaveValue('');

    // Listing Info: the exemption the MLS accepts (office exclusive only, by default) and the disclosure file.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Property Type' }).click();
    await page.getByRole('option', { name: 'Residential', exact: true }).click();
    await page.getByRole('textbox', { name: 'List Price', exact: true }).fill('915000');
    await page.getByRole('textbox', { name: 'Listing Contract Date', exact: true }).fill(iso(0));
    await page.getByRole('textbox', { name: 'Start Marketing Date', exact: true }).fill(iso(7));
    await page.getByRole('textbox', { name: 'Expiration Date', exact: true }).fill(iso(90));
    const exemption = page.getByRole('textbox', { name: 'Exemption' });
    await expect(exemption).toHaveValue('Office exclusive');
    await exemption.click();
    await expect(page.getByRole('option', { name: 'Office exclusive' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Delayed marketing' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByText(/due 3 business days after registration/)).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'signed-disclosure.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('button', { name: 'Seller disclosure' })).toContainText('signed-disclosure.pdf');
    await expectNoAxeViolations(page, 'wizard step 2 Listing Info with the exemption');
    await snapshot(page, 'registered-wizard-exemption');
    await page.setViewportSize({ width: 375, height: 812 });
    await snapshot(page, 'registered-wizard-exemption-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // List agent, review (the exemption is on it), save.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'List Agent', exact: true }).fill('AGEN');
    await page.getByRole('option', { name: /AGENT · Alicia Navarro/ }).click();
    await step(page, 'Confirmation').click();
    await expect(page.getByText('Confirm all data is correct before submitting')).toBeVisible();
    await expect(page.getByLabel('Listing Info').getByText('Office exclusive')).toBeVisible();
    const filed = page.waitForResponse(
      (r) => /\/api\/app\/Registration\/\d+\/Disclosure$/.test(r.url()) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await filed).status()).toBe(201);
    await page.waitForURL(/\/registered\/?$/);
    const created = page.locator('.mantine-Notification-root').filter({ hasText: 'was created' });
    const listingId = /Registered listing (AA\d+) was created/.exec((await created.textContent()) ?? '')?.[1] ?? '';
    expect(listingId).toMatch(/^AA\d+$/);

    // The agent's listing page: the exemption, the disclosure filed, no 'Disclosure missing'.
    await page.getByLabel('Search', { exact: true }).fill(listingId);
    const row = page.getByRole('row').filter({ hasText: listingId });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('disclosure-missing')).toHaveCount(0);
    await row.getByRole('link', { name: `Edit ${listingId}` }).click();
    const panel = page.getByRole('region', { name: 'Seller disclosure' });
    await expect(panel).toContainText('Exemption: Office exclusive');
    await expect(panel.getByTestId('disclosure-status')).toContainText('signed-disclosure.pdf, filed');
    await expect(panel.getByRole('button', { name: 'Replace disclosure' })).toBeVisible();
    await expectNoAxeViolations(page, 'registered listing with its disclosure');
    await snapshot(page, 'registered-disclosure-filed');

    // MLS staff find it and download the very file.
    const staff = await signInElsewhere(browser, 'mlsstaff');
    await staff.goto('/registered');
    await staff.getByLabel('Search', { exact: true }).fill(listingId);
    await staff
      .getByRole('row')
      .filter({ hasText: listingId })
      .getByRole('link', { name: `Edit ${listingId}` })
      .click();
    const staffPanel = staff.getByRole('region', { name: 'Seller disclosure' });
    await expect(staffPanel.getByTestId('disclosure-status')).toContainText('signed-disclosure.pdf');
    const download = staff.waitForEvent('download');
    await staffPanel.getByRole('button', { name: 'Download disclosure' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('signed-disclosure.pdf');
    expect(readFileSync(await file.path()).equals(PDF)).toBe(true);
    await expectNoAxeViolations(staff, 'staff: registered listing with its disclosure');
    await staff.setViewportSize({ width: 375, height: 812 });
    await snapshot(staff, 'registered-disclosure-staff-phone');
    await staff.context().close();
  });
});
