import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

async function axe(page: Page, label: string) {
  await page.mouse.move(1, 719);
  await expectNoAxeViolations(page, label);
}

const SURVEY_TITLE = 'How did we do?';

async function chooseReason(page: Page, reason: string) {
  await page.getByRole('textbox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: reason }).click();
}

test.describe('report a violation', () => {
  test('reports a listing (not found, then found), creates another, and reports a member', async ({ page }) => {
    await signInAt(page, 'agent', '/comply/report-violation');
    await expect(page.getByRole('heading', { name: 'Report A Violation', level: 1 })).toBeVisible();
    await expect(page.getByTestId('report-disclaimer')).toContainText('Before you report');
    await axe(page, 'report a violation');
    const submit = page.getByRole('button', { name: 'Submit Report' });
    await expect(submit).toBeDisabled();

    await chooseReason(page, 'Photos of another property');
    await page.getByRole('textbox', { name: 'Listing ID' }).fill('99999999');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No listing found')).toBeVisible();
    await page.getByRole('textbox', { name: 'Description' }).fill('The photos show a different house.');
    await expect(submit).toBeDisabled();

    await page.getByRole('textbox', { name: 'Listing ID' }).fill('25100001');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByTestId('listing-card');
    await expect(card).toContainText('1402 Harbor View Dr');
    await expect(card).toContainText('$2,450,000');
    await expect(card).toContainText('Active');
    await expect(card.getByRole('img')).toBeVisible();
    await expect(card).toContainText('…');
    await expect(submit).toBeEnabled();
    await axe(page, 'report with a listing');
    await snapshot(page, 'support-report-listing');
    await submit.click();
    await expect(page.getByText('Report created successfully.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Member Insights' }).last()).toBeVisible();
    await axe(page, 'report confirmation');

    await page.getByRole('button', { name: 'Create Another Report' }).click();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('');
    await page.getByRole('radio', { name: 'Member' }).check();
    await page.getByRole('textbox', { name: 'Reason' }).click();
    await expect(page.getByRole('option', { name: 'Photos of another property' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Unlicensed activity' }).click();
    await page.getByRole('textbox', { name: 'Member' }).fill('swla');
    await page.getByRole('option', { name: /\(swlar\)/ }).click();
    await expect(page.getByTestId('member-card')).toContainText('swlar');
    // Changing the type clears the reason and the member.
    await page.getByRole('radio', { name: 'Listing' }).check();
    await expect(page.getByRole('textbox', { name: 'Reason' })).toHaveValue('');
    await page.getByRole('radio', { name: 'Member' }).check();
    await expect(page.getByTestId('member-card')).toHaveCount(0);
    await chooseReason(page, 'Unlicensed activity');
    await page.getByRole('textbox', { name: 'Member' }).fill('swla');
    await page.getByRole('option', { name: /\(swlar\)/ }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Showing homes without an active license.');
    await axe(page, 'report a member');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByText('Report created successfully.')).toBeVisible();
  });
});

test.describe('support widget and cases', () => {
  test('files a ticket after a validation error, finds it in Member Insights and opens its Insight Detail', async ({ page }) => {
    await signIn(page, 'agent');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Support' });
    await expect(drawer.getByText('(800) 925-1525')).toBeVisible();
    await axe(page, 'support widget phone');
    await drawer.getByRole('tab', { name: 'Support Ticket' }).click();
    await drawer.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(drawer.getByText('Subject Required')).toBeVisible();
    await expect(drawer.getByText('Description Required')).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Subject' }).fill('E2E printer trouble');
    await drawer.getByRole('textbox', { name: 'Description' }).fill('abc');
    await drawer.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(drawer.getByText('Description must be between 5 and 500 characters')).toBeVisible();
    await axe(page, 'support ticket with errors');
    await snapshot(page, 'support-ticket-errors');
    await drawer.getByRole('textbox', { name: 'Description' }).fill('The office printer does not print MLS reports.');
    await drawer.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Your support ticket has been created successfully')).toBeVisible();
    await drawer.getByRole('link', { name: 'See your tickets in Member Insights' }).click();

    await expect(page.getByRole('heading', { name: 'Member Insights', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'E2E printer trouble' });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Old case before the cut-off' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Support Ticket' })).toBeVisible();
    await axe(page, 'member insights');
    await snapshot(page, 'support-cases');
    await page.getByRole('textbox', { name: 'Search cases' }).fill('branding');
    await expect(page.getByRole('row').filter({ hasText: 'Photo branding follow-up' })).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('row').filter({ hasText: 'Photo branding follow-up' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/cases\/\d+$/);
    const detail = page.getByRole('dialog', { name: 'Insight Detail' });
    await expect(detail.getByText('Fine Amount')).toBeVisible();
    await expect(detail.getByText('$250')).toBeVisible();
    await expect(detail.getByText('02:30 PM')).toBeVisible();
    await expect(detail.getByRole('link', { name: 'compliance@example-mls.org' })).toHaveAttribute(
      'href',
      'mailto:compliance@example-mls.org',
    );
    await axe(page, 'insight detail');
    await snapshot(page, 'support-insight-detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/cases$/);
  });

  test('a live chat answered by association staff from the Insight Detail', async ({ page, browser }) => {
    await signIn(page, 'agent');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Support' });
    await drawer.getByRole('tab', { name: 'Live Chat' }).click();
    await drawer.getByRole('button', { name: 'Start chat' }).click();
    await drawer.getByRole('textbox', { name: 'Your message' }).fill('Hello, my MLS access is blocked.');
    await drawer.getByRole('button', { name: 'Send' }).click();
    await expect(drawer.getByRole('log')).toContainText('Hello, my MLS access is blocked.');
    await axe(page, 'live chat');

    const staff = await signInElsewhere(browser, 'aorstaff');
    await staff.goto('/cases');
    await staff.getByRole('textbox', { name: 'Search cases' }).fill('Live chat with agent');
    await staff.getByRole('row').filter({ hasText: 'Live chat with agent' }).first().getByRole('link').click();
    const detail = staff.getByRole('dialog', { name: 'Insight Detail' });
    await expect(detail.getByRole('log')).toContainText('Hello, my MLS access is blocked.');
    await detail.getByRole('textbox', { name: 'Your message' }).fill('Unblocked now, please try again.');
    await detail.getByRole('button', { name: 'Send' }).click();
    await expect(detail.getByRole('log')).toContainText('(Support)');
    await axe(staff, 'insight detail of a chat for staff');
    await snapshot(staff, 'support-chat-staff');

    await expect(drawer.getByRole('log')).toContainText('Unblocked now, please try again.', { timeout: 15_000 });
    await snapshot(page, 'support-chat-member');

    // Staff resolve the case: the chat ends for the member.
    await detail.getByRole('textbox', { name: 'Status' }).click();
    await staff.getByRole('option', { name: 'Resolved' }).click();
    await expect(staff.getByText('Status updated')).toBeVisible();
    await staff.context().close();
    await expect(drawer.getByRole('textbox', { name: 'Your message' })).toHaveCount(0, { timeout: 15_000 });
  });

  test('a broker sees the office cases but no New Support Ticket button', async ({ page }) => {
    await signInAt(page, 'broker', '/cases');
    // Searched, as a broker finds a case: the journeys before this one on the same server add cases, and the list's
    // first page (newest first) can end before the seeded ones (a PGlite pass at 14 new cases).
    const search = page.getByRole('textbox', { name: 'Search cases' });
    for (const title of ['Office roster is out of date', 'Photo branding follow-up']) {
      await search.fill(title);
      await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    }
    await search.fill('');
    await expect(page.getByRole('button', { name: 'New Support Ticket' })).toHaveCount(0);
    await axe(page, 'member insights for a broker');
  });

  test('failed loads show the built-in report texts and the cases error panel', async ({ page }) => {
    await page.route('**/PageConfigs/**', (route) => route.abort());
    await page.route('**/api/app/WorkItem/q**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ isSuccessful: false, message: 'The case service is unavailable.', errors: [] }),
      }),
    );
    await signInAt(page, 'agent', '/comply/report-violation');
    await expect(page.getByTestId('report-disclaimer')).toContainText('Reports are confidential');
    await page.goto('/cases');
    await expect(page.getByRole('alert').filter({ hasText: 'There was a problem loading the cases.' })).toContainText(
      'The case service is unavailable.',
    );
    await axe(page, 'cases load failure');
  });

  test('SWLAR members get their own support phone number', async ({ page }) => {
    // Their association's modal system messages are another journey's subject (content.spec): none here.
    await page.route('**/api/app/SystemNotifications', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ isSuccessful: true, message: '', results: [], totalResults: 0, totalPages: 0 }),
      }),
    );
    await signIn(page, 'swlar');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Support' });
    await expect(drawer.getByRole('link', { name: '(888) 567-4967' })).toHaveAttribute('href', 'tel:8885674967');
    await expect(drawer.getByText('(800) 925-1525')).toHaveCount(0);
  });

  test('the chat survey shows after 10 messages and is answered once', async ({ page }) => {
    await signIn(page, 'manager');
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Support' });
    await drawer.getByRole('tab', { name: 'Live Chat' }).click();
    await drawer.getByRole('button', { name: 'Start chat' }).click();
    const box = drawer.getByRole('textbox', { name: 'Your message' });
    for (let i = 1; i <= 10; i++) {
      await expect(drawer.getByText(SURVEY_TITLE)).toHaveCount(0);
      await box.fill(`Question number ${i}`);
      await drawer.getByRole('button', { name: 'Send' }).click();
      await expect(drawer.getByRole('log')).toContainText(`Question number ${i}`);
    }
    await expect(drawer.getByText(SURVEY_TITLE)).toBeVisible();
    await drawer.getByRole('button', { name: 'Send feedback' }).click();
    await expect(drawer.getByText('Please choose a rating')).toBeVisible();
    await drawer.getByRole('radio', { name: '4 of 5' }).check();
    await axe(page, 'chat survey');
    await drawer.getByRole('button', { name: 'Send feedback' }).click();
    await expect(drawer.getByText('Thank you for your feedback.')).toBeVisible();
    await expect(drawer.getByText(SURVEY_TITLE)).toHaveCount(0);
  });
});
