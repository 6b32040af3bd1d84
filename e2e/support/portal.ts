import AxeBuilder from '@axe-core/playwright';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import demo from '../../docs/demo-accounts.json' with { type: 'json' };

export const DEMO_PASSWORD: string = demo.password;
export type DemoLogin = (typeof demo.accounts)[number]['loginId'];

/** Signs in through the real sign-in page of the embedded provider and waits for the member shell. */
export async function signIn(page: Page, loginId: DemoLogin | string, password = DEMO_PASSWORD, options: { expectShell?: boolean } = {}) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await page.waitForURL(/\/signin\//);
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (options.expectShell !== false) await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
}

/** A second member signed in beside the test's own, in a browser of their own: close it with `page.context().close()`. */
export async function signInElsewhere(browser: Browser, loginId: DemoLogin | string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, loginId);
  return page;
}

/** WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's best practices (landmarks, region, unique landmarks...). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the whole page and fails on any violation of any impact (minor to critical) of AXE_TAGS. It first lets running CSS
 * transitions end (not endless animations such as a spinner): a dialog caught half faded in has a colour contrast
 * that no member ever reads.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} [${v.impact}]: ${v.help} (${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Saves a screenshot under e2e/screenshots for people to look at. */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

export const test = base.extend({
  // Every test gets a page from its own browser context (axe needs one from browser.newContext()), and fails when
  // the page or one of its frames reported a Content-Security-Policy violation (decision 0912).
  page: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    await context.close();
    expect(violations, 'Content-Security-Policy violations in the console').toEqual([]);
  },
});
export { expect };
