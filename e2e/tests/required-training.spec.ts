import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInElsewhere, snapshot, test } from '../support/portal';

/**
 * Issue 31 (decision 1110): a requirement the office manager missed closes the demo SAML application; they see it on the
 * dashboard and My requirements, register for a class that counts, staff mark the attendance, the card turns to met and
 * the application launches again; the broker filters their overdue people.
 */

/** The signed-in member's access token, as the portal keeps it. */
async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => Object.entries(window.sessionStorage).find(([key]) => key.startsWith('oidc.user:'))?.[1] ?? '{}');
  return (JSON.parse(raw) as { access_token: string }).access_token;
}

async function apiCall(page: Page, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object) {
  const res = await page.request.fetch(url, { method, data, headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()).results;
}

const NAME = 'Ethics refresher for office managers (journey)';

test.describe('required training', () => {
  test('an overdue requirement closes an application until staff mark the class that counts; the broker filters overdue', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'mlsstaff');
    const manager = await signInElsewhere(browser, 'manager');
    const tile = manager.getByTestId('section-applications').getByTestId('app-DEMOSAML');
    const launch = String(await tile.getAttribute('href'));
    const applicationId = Number(launch.split('/').pop());
    const topics = (await apiCall(page, 'GET', '/api/app/TrainingTopic/GetAllTrainingTopics')) as Array<{ id: number; name: string }>;
    const ethics = topics.find((t) => t.name === 'Code of Ethics');
    expect(ethics).toBeTruthy();
    // A cycle that ended last year: every office manager who has not completed it is overdue, and loses DEMOSAML.
    const [requirement] = await apiCall(page, 'POST', '/api/app/TrainingRequirements', {
      name: NAME,
      hours: 3,
      topicIds: [ethics!.id],
      memberTypes: [3],
      period: { kind: 'cycle', start: '2024-01-01', end: '2024-12-31' },
      enforcement: { listingEntry: false, applications: 'chosen', applicationIds: [applicationId] },
    });
    try {
      await manager.goto('/');
      const notice = manager.getByRole('alert').filter({ hasText: 'Required training is overdue' });
      await expect(notice).toContainText(NAME);
      const card = manager.getByTestId('requirements-card');
      await expect(card.locator(`[data-requirement="${NAME}"]`)).toContainText('Overdue');
      await expectNoAxeViolations(manager, 'dashboard with an overdue requirement');
      await snapshot(manager, 'required-training-dashboard');
      await manager.goto(launch);
      await expect(manager.getByRole('heading', { name: 'Required training is overdue' })).toBeVisible();

      // My requirements names the class that counts; the manager registers for it.
      await manager.goto('/requirements');
      const panel = manager.locator(`section[data-requirement="${NAME}"]`);
      await expect(panel).toContainText('0 hours of 3 hours done');
      await expectNoAxeViolations(manager, 'My requirements');
      await snapshot(manager, 'required-training-mine-1280');
      await manager.setViewportSize({ width: 375, height: 812 });
      // Nothing runs past the phone's width (decision 1057), once the shell has folded its menu away.
      const wide = () =>
        manager.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .map((el) => `${el.tagName}.${el.className} ${el.textContent?.slice(0, 30)}`),
        );
      await expect.poll(wide).toEqual([]);
      await snapshot(manager, 'required-training-mine-375');
      await expectNoAxeViolations(manager, 'My requirements at 375 px');
      await manager.setViewportSize({ width: 1280, height: 800 });
      await panel.getByRole('link', { name: 'Code of Ethics, Cycle 8' }).click();
      await manager.waitForURL(/\/training\/registration\/\d+$/);
      const classId = Number(manager.url().split('/').pop());
      const register = manager.getByRole('button', { name: 'Register: Code of Ethics, Cycle 8' });
      const unregister = manager.getByRole('button', { name: 'Unregister: Code of Ethics, Cycle 8' });
      await expect(register.or(unregister)).toBeVisible();
      if (await register.isVisible()) await register.click();
      await expect(unregister).toBeVisible();

      // The broker sees the manager among their overdue people.
      const broker = await signInElsewhere(browser, 'broker');
      await broker.goto('/requirements/people');
      await expect(broker.getByTestId('people-table')).toBeVisible();
      await broker.getByText('Overdue only').click();
      await expect(broker.getByRole('switch', { name: 'Overdue only' })).toBeChecked();
      const people = broker.getByTestId('people-table');
      await expect(people.locator('tr[data-login="manager"]')).toContainText('Overdue');
      await expect(people.locator('tr[data-login="broker"]')).toHaveCount(0);
      await expectNoAxeViolations(broker, 'people with overdue training');
      await snapshot(broker, 'required-training-people');
      // The same list as CSV, from the kept report (decision 1177): the manager's overdue line is in it.
      const [download] = await Promise.all([broker.waitForEvent('download'), broker.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('required-training.csv');
      const csv = await readFile(String(await download.path()), 'utf8');
      expect(csv.split('\r\n')[0]).toBe('Login ID,Member,Office,Requirement,State,Hours left,Deadline');
      expect(csv.split('\r\n').find((line) => line.startsWith('manager,') && line.includes(NAME))).toContain('Overdue');
      await broker.context().close();

      // Staff mark the attendance on the class's roster.
      await page.goto(`/training/roster/${classId}`);
      await page.locator('tr[data-login="manager"]').getByRole('checkbox').check();
      await page.getByRole('button', { name: /Mark attended/ }).click();
      await expect(page.locator('tr[data-login="manager"]')).toContainText('Yes');
      await expectNoAxeViolations(page, 'class roster');
      await snapshot(page, 'required-training-roster');

      // Met: the notice is gone, the card says so, and the application launches again.
      await manager.goto('/');
      await expect(manager.getByTestId('requirements-card').locator(`[data-requirement="${NAME}"]`)).toContainText('Met');
      await expect(manager.getByText('Required training is overdue')).toHaveCount(0);
      await manager.goto(launch);
      await manager.waitForURL(/\/saml\/demo-sp\/acs$/);
      await expect(manager.getByRole('heading', { name: 'Signed in by SAML' })).toBeVisible();
      await manager.context().close();
    } finally {
      // The demo's office managers are not left held for the journeys after this one.
      await apiCall(page, 'DELETE', `/api/app/TrainingRequirements/${requirement.id}`);
    }
  });
});
