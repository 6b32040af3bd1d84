import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import demo from '../../docs/demo-accounts.json' with { type: 'json' };

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

async function restoreSignIn(page: Page, loginId: string): Promise<boolean> {
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
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
  return true;
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
 * transitions end: a dialog caught half faded in has a colour contrast that no member ever reads. During the scans no
 * transition runs at all (`holdTransitions`): a toast whose time ran out while axe read the page (axe takes seconds)
 * started fading out under it, and axe read its text half transparent (contrast 3.94 in the dark theme, decision 1165).
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  await transitionsEnded(page);
  // The PostgreSQL pass of scripts/test-e2e.mjs leaves the scans to the PGlite pass: a screen's markup does not depend
  // on the database, and the scans were half of a journey's time (decision 1002).
  if (process.env.E2E_AXE === 'off') return;
  await holdTransitions(page, true);
  try {
    const summary = summarise(await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze());
    expect(summary, `axe violations on ${label}`).toEqual([]);
    // A screen checked in the light theme is checked in the dark one too, for the rules that depend on colour: the
    // colour scheme is switched on the page (Mantine's colours are CSS variables of it) and switched back. The
    // high-contrast theme is its own theme object: its journeys are in member-ux.spec.ts.
    if (!(await setColorScheme(page, 'light', 'dark'))) return;
    try {
      const dark = summarise(await new AxeBuilder({ page }).withRules(COLOUR_RULES).analyze());
      expect(dark, `axe violations on ${label}, dark theme`).toEqual([]);
    } finally {
      await setColorScheme(page, 'dark', 'light');
    }
  } finally {
    await holdTransitions(page, false);
  }
}

/**
 * Turns CSS transitions off on the page (`on`) or back on: a change of style while they are off, such as a toast's fade
 * or the switch to the dark theme, lands at once, so axe reads only what a member reads once the screen is still. A
 * constructed style sheet, which the portal's Content-Security-Policy (style-src with a nonce) does not govern.
 */
function holdTransitions(page: Page, on: boolean) {
  return page.evaluate((on) => {
    const holder = window as Window & { __portico_axe_hold?: CSSStyleSheet };
    if (on && !holder.__portico_axe_hold) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
      holder.__portico_axe_hold = sheet;
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } else if (!on && holder.__portico_axe_hold) {
      const sheet = holder.__portico_axe_hold;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
      delete holder.__portico_axe_hold;
    }
  }, on);
}

const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Switches `from` to `to` when the page is in `from`; says whether it did. */
function setColorScheme(page: Page, from: 'light' | 'dark', to: 'light' | 'dark') {
  return page.evaluate(
    ([from, to]) => {
      const html = document.documentElement;
      if (html.getAttribute('data-mantine-color-scheme') !== from) return false;
      html.setAttribute('data-mantine-color-scheme', to);
      return true;
    },
    [from, to] as const,
  );
}

/**
 * Lets running CSS transitions end (not endless animations such as a spinner): waits until five animation frames in a
 * row have none running. One quiet look is not enough: a drawer or dialog mounts first and starts its fade a frame or
 * two later (Mantine's transitions), and axe run in between saw it half faded in (CI: contrast 4.18 in the light theme).
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const giveUp = setTimeout(() => reject(new Error('CSS transitions still running after 10 s')), 10_000);
        let quiet = 0;
        const look = () => {
          const running = document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running');
          quiet = running ? 0 : quiet + 1;
          if (quiet < 5) return void requestAnimationFrame(look);
          clearTimeout(giveUp);
          resolve();
        };
        requestAnimationFrame(look);
      }),
  );
}

function summarise(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations.map(
    (v) =>
      `${v.id} [${v.impact}]: ${v.help} (${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
        .slice(0, 3)
        .join(', ')})`,
  );
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

/** Where screenshots for people to look at go: e2e/screenshots, or the folder scripts/test-e2e.mjs gives a pass. */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? 'screenshots';

/** Saves a screenshot of the whole page under SCREENSHOTS. */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

export const test = base.extend({
  // Every test gets a page from its own browser context (axe needs one from browser.newContext()), and fails when
  // the page or one of its frames reported a Content-Security-Policy violation (decision 0912).
  // The page's console errors and uncaught exceptions are attached to a failed test, to say why a screen broke.
  page: async ({ browser }, use, testInfo) => {
    const context = await browser.newContext();
    const page = await context.newPage();
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
    await context.close();
    expect(violations, 'Content-Security-Policy violations in the console').toEqual([]);
  },
});
export { expect };
