import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInElsewhere, snapshot, test } from '../support/portal';

/**
 * Issue 29 section 3 (decision 1093): a member reports a listing marketed but not in the MLS by its address, with a
 * photo; the case goes to the association of the registered listing at that address, whose staff open the evidence.
 */
const MLS_ZONE = 'America/Los_Angeles';
const mlsToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: MLS_ZONE }).format(new Date());
const iso = (offsetDays: number) => {
  const [y, m, d] = mlsToday().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
};
/** A PNG's signature and header: enough for the server to read it as an image by its content. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => Object.entries(window.sessionStorage).find(([key]) => key.startsWith('oidc.user:'))?.[1] ?? '{}');
  return (JSON.parse(raw) as { access_token: string }).access_token;
}

test.describe('report a listing marketed but not in the MLS', () => {
  test('a member reports it by address with a photo; the listing’s association staff open the case and its evidence', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    // The agent's office-exclusive listing, registered in Portico (not in the MLS).
    await signIn(page, 'agent');
    const number = String(3000 + Math.floor(Math.random() * 6000));
    const res = await page.request.post('/api/app/Registration', {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
      data: {
        propertyType: 'Resi',
        listPrice: 715_000,
        listingContractDate: iso(-3),
        startShowingDate: iso(10),
        noMarketing: false,
        expirationDate: iso(90),
        streetNumber: number,
        streetName: 'Seabright',
        streetSuffix: 'Ave',
        city: 'Huntington Beach',
        countyOrParish: 'Orange',
        stateOrProvince: 'CA',
        postalCode: '92648',
        listAgentMlsId: 'AGENT',
        exemptionKind: 'office-exclusive',
      },
    });
    expect(res.ok(), await res.text()).toBe(true);

    // Another member saw a yard sign.
    const reporter = await signInElsewhere(browser, 'manager');
    await reporter.goto('/comply/report-violation');
    await reporter.getByRole('textbox', { name: 'Reason' }).click();
    await reporter.getByRole('option', { name: 'Listing marketed but not in the MLS' }).click();
    await expect(reporter.getByRole('textbox', { name: 'Listing ID' })).toHaveCount(0);
    const submit = reporter.getByRole('button', { name: 'Submit Report' });
    await expect(submit).toBeDisabled();
    await expect(reporter.getByText('Choose the reason, give the address, when and where you saw it, and describe it.')).toBeVisible();
    await reporter.getByRole('textbox', { name: 'Street number' }).fill(number);
    await reporter.getByRole('textbox', { name: 'Street name' }).fill('Seabright Avenue');
    await reporter.getByRole('textbox', { name: 'City' }).fill('Huntington Beach');
    await reporter.getByRole('textbox', { name: 'ZIP code' }).fill('92648');
    await reporter.getByRole('button', { name: 'Date first seen' }).click();
    const [y, m, d] = mlsToday().split('-').map(Number);
    const dayLabel = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await reporter.getByRole('button', { name: dayLabel, exact: true }).click();
    await reporter.getByRole('textbox', { name: 'Seen where' }).click();
    await reporter.getByRole('option', { name: 'Yard sign' }).click();
    await reporter.locator('input[type="file"]').setInputFiles({ name: 'yard-sign.png', mimeType: 'image/png', buffer: PNG });
    await reporter.getByRole('textbox', { name: 'Description' }).fill('A For Sale sign with the office’s name in the front yard.');
    await expect(submit).toBeEnabled();
    await expectNoAxeViolations(reporter, 'report a listing marketed but not in the MLS');
    await snapshot(reporter, 'report-off-mls');
    await reporter.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(reporter, 'report a listing marketed but not in the MLS (375 px)');
    await snapshot(reporter, 'report-off-mls-375');
    await reporter.setViewportSize({ width: 1280, height: 800 });
    await submit.click();
    await expect(reporter.getByText('Report created successfully.')).toBeVisible();

    // The listing's association staff find the case and open the photo.
    const staff = await signInElsewhere(browser, 'aorstaff');
    await staff.goto('/cases');
    await staff.getByRole('textbox', { name: 'Search cases' }).fill(`${number} Seabright`);
    const row = staff.getByRole('row').filter({ hasText: `Listing marketed but not in the MLS: ${number} Seabright Avenue` });
    await row.getByRole('link').first().click();
    const detail = staff.getByRole('dialog', { name: 'Insight Detail' });
    await expect(detail.getByText('Yard sign')).toBeVisible();
    const evidence = detail.getByRole('button', { name: 'yard-sign.png' });
    await expect(evidence).toBeVisible();
    await expectNoAxeViolations(staff, 'insight detail with evidence');
    await snapshot(staff, 'report-off-mls-case');
    const [download] = await Promise.all([staff.waitForEvent('download'), evidence.click()]);
    expect(download.suggestedFilename()).toBe('yard-sign.png');
  });
});
