import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import demo from '../../docs/demo-accounts.json' with { type: 'json' };

export { expectNoAxeViolations } from './axe';

export const DEMO_PASSWORD: string = demo.password;
export type DemoLogin = (typeof demo.accounts)[number]['loginId'];

/**
 * Signs a member in and waits for the member shell. A journey calls it as a member would start: `signIn(page, 'agent')`.
 *
 * Signed in once per member, reused after (issue 27, decision 1025): the first `signIn` of a member in a run goes
 * through the real sign-in page of the embedded provider; its browser state (the provider's cookies, Playwright's
 * `storageState()`, and the portal's OpenID Connect user, which oidc-client-ts keeps in sessionStorage where
 * storageState does not look) is kept, and every later `signIn` of that member puts it into the test's fresh context
 * instead of typing the password again. The state is reused only while its access token is still accepted by the
 * server and has 10 minutes left: a journey that signed the member out, changed their password or revoked their
 * sessions makes the next `signIn` a real one again, which keeps the state afresh.
 * A real sign-in every time: `{ real: true }` (the sign-in, account, second-factor and passkey journeys, and any journey
 * about what happens at sign-in), any password other than the demo one, or `expectShell: false`. Nothing to do in a new
 * journey: call `signIn` and the reuse follows. `E2E_SIGNIN=real` turns the reuse off for a run (to compare, or to rule
 * it out while chasing a failure).
 */
export async function signIn(
  page: Page,
  loginId: DemoLogin | string,
  password = DEMO_PASSWORD,
  options: { expectShell?: boolean; real?: boolean } = {},
) {
  const reusable =
    options.real !== true && options.expectShell !== false && password === DEMO_PASSWORD && process.env.E2E_SIGNIN !== 'real';
  if (reusable && (await restoreSignIn(page, loginId))) return;
  await page.goto('/');
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await page.waitForURL(/\/signin\//, { timeout: 45_000 }).catch(async (error: Error) => {
    // Say where the browser stayed and what it showed, so that a sign-in that never started can be told apart.
    const shown = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(page closed)');
    throw new Error(`The sign-in page did not come: the browser is at ${page.url()} showing "${shown.slice(0, 400)}"`, { cause: error });
  });
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (options.expectShell === false) return;
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
  if (reusable) await keepSignIn(page, loginId);
}

/**
 * Signs a member in onto `path`: what `signIn` and then `page.goto(path)` do, but a kept sign-in is put back straight
 * onto `path`, without first drawing the dashboard (its three ad frames made it the dearest screen to load, and about
 * fifty journeys left it at once; decision 1170).
 */
export async function signInAt(page: Page, loginId: DemoLogin | string, path: string) {
  if (process.env.E2E_SIGNIN !== 'real' && (await restoreSignIn(page, loginId, path))) return;
  await signIn(page, loginId);
  await page.goto(path);
}

/** A member's browser state after a real sign-in: the context's cookies and the portal's OIDC user (sessionStorage). */
type KeptSignIn = { cookies: Awaited<ReturnType<BrowserContext['storageState']>>['cookies']; session: Record<string, string> };
/**
 * By member (login ids are case-insensitive). A pass has one server and one Playwright worker, which runs its journeys
 * one after another (workers: 1); a worker that starts again after a failure starts with none kept.
 */
const keptSignIns = new Map<string, KeptSignIn>();
/** Reused only with this much of the access token's life left (tokens live an hour, the provider's AccessToken TTL). */
const REUSE_MARGIN_S = 600;

async function keepSignIn(page: Page, loginId: string) {
  const { cookies } = await page.context().storageState();
  const session = await page.evaluate(() =>
    Object.fromEntries(Object.entries(window.sessionStorage).filter(([key]) => key.startsWith('oidc.user:'))),
  );
  if (Object.keys(session).length === 1) keptSignIns.set(loginId.toLowerCase(), { cookies, session });
}

async function restoreSignIn(page: Page, loginId: string, landing = '/'): Promise<boolean> {
  const key = loginId.toLowerCase();
  const kept = keptSignIns.get(key);
  if (!kept) return false;
  const user = JSON.parse(Object.values(kept.session)[0]) as { access_token: string; expires_at: number };
  const accepted =
    user.expires_at - Date.now() / 1000 > REUSE_MARGIN_S &&
    (await page.request.get('/api/app/Members/AuthMemberDto', { headers: { authorization: `Bearer ${user.access_token}` } })).ok();
  if (!accepted) {
    keptSignIns.delete(key);
    return false;
  }
  await page.context().addCookies(kept.cookies);
  // sessionStorage belongs to an origin: the server's health check (same origin, no app) opens it before the app starts.
  await page.goto('/healthz');
  await page.evaluate((session) => {
    for (const [name, value] of Object.entries(session)) window.sessionStorage.setItem(name, value);
  }, kept.session);
  await page.goto(landing);
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
  return true;
}

/** A second member signed in beside the test's own, in a browser of their own: close it with `page.context().close()`. */
export async function signInElsewhere(browser: Browser, loginId: DemoLogin | string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, loginId);
  return page;
}

/**
 * Picks an option of a Mantine Select or Autocomplete. A dropdown opened while the screen re-renders (its data
 * arriving on a busy machine) can close again before the option is clicked: the field is opened again until it is.
 */
export async function chooseOption(field: Locator, option: Locator) {
  await expect(async () => {
    if (!(await option.isVisible())) await field.click();
    await option.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Where screenshots for people to look at go: e2e/screenshots, or the folder scripts/test-e2e.mjs gives a pass; `off`
 * takes none (.ci/run: no check reads them and nobody looks at them there, and they were a minute of CI, decision 1169).
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? 'screenshots';

/** Takes a screenshot as `shoot` does it, into SCREENSHOTS/`name`.png, unless screenshots are off. */
export async function keepScreenshot(name: string, shoot: (path: string) => Promise<unknown>) {
  if (SCREENSHOTS !== 'off') await shoot(`${SCREENSHOTS}/${name}.png`);
}

/** Saves a screenshot of the whole page under SCREENSHOTS. */
export const snapshot = (page: Page, name: string) => keepScreenshot(name, (path) => page.screenshot({ path, fullPage: true }));

/**
 * `E2E_CPU_PROFILE_DIR=dir`: the page's renderer profiled (V8's sampler, 0.5 ms) for the whole test, written as
 * `dir/<test id>.cpuprofile` (open in Chrome's DevTools, Performance). For measuring where the journeys' CPU goes
 * (issue 27 §4, docs/benchmarks.md); off by default.
 */
async function profileRenderer(page: Page, testId: string): Promise<() => Promise<void>> {
  const dir = process.env.E2E_CPU_PROFILE_DIR;
  if (!dir) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(join(dir, `${testId}.cpuprofile`), JSON.stringify(profile));
  };
}

export const test = base.extend({
  // Every test gets a page from its own browser context, and fails when
  // the page or one of its frames reported a Content-Security-Policy violation (decision 0912).
  // The page's console errors and uncaught exceptions are attached to a failed test, to say why a screen broke.
  page: async ({ browser }, use, testInfo) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const stopProfile = await profileRenderer(page, testInfo.testId);
    const violations: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      errors.push(`${message.text()} (${message.location().url})`);
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
      await testInfo.attach('page errors', { body: errors.join('\n\n'), contentType: 'text/plain' });
      console.log(`Page errors of "${testInfo.title}":\n${errors.join('\n')}`);
    }
    await stopProfile();
    await context.close();
    expect(violations, 'Content-Security-Policy violations in the console').toEqual([]);
  },
});
export { expect };
