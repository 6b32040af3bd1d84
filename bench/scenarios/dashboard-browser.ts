import type { Page } from 'playwright-core';
import { launchChromium, signIn } from '../lib/browser';
import { CHROMIUM } from '../lib/lighthouse';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';
import { summarise } from '../lib/ui-timing';

/**
 * The signed-in shell and dashboard in /usr/bin/chromium (issue 17): sign in once through the real sign-in page,
 * then open / again and again with the browser's cache emptied first (DevTools `Network.clearBrowserCache`), and
 * count the JavaScript files the page fetched and the time from navigation start to the first dashboard section in
 * the page. Loopback, 1280x900; measured, never asserted.
 */
export const name = 'Signed-in dashboard in the browser: JavaScript requests and first section (cold cache)';

const REPEAT = 5;
const SECTION = 'section[data-testid^="section-"]';

/** Signs in as a scale member: skipped when BENCH_MEMBERS=0. */
export const needs = ['members'];

export const goal: Goal[] = [
  { metric: 'scriptRequestsMax', op: '<=', target: 20, unit: '', label: 'JavaScript requests of the signed-in shell and dashboard' },
  { metric: 'firstSectionMedianMs', op: '<=', target: 500, unit: 'ms', label: 'Navigation to the first section, cold cache (median of 5)' },
];

/**
 * Records, from the page's own clock (navigation start = 0), when the first dashboard section enters the DOM. A
 * string, not a function: tsx wraps functions in a `__name` helper the page does not have.
 */
const WATCH_FIRST_SECTION = `
  new MutationObserver((records, observer) => {
    if (window.__firstSection === undefined && document.querySelector(${JSON.stringify(SECTION)})) {
      window.__firstSection = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });`;

/** One same-origin request of a visit, from the page's resource timing (ms after navigation start). */
interface Fetched {
  path: string;
  startMs: number;
  endMs: number;
}

interface Visit {
  scripts: number;
  requests: number;
  ms: number;
  /** What the page fetched and when, for the report's details: the waterfall shows what waits on what. */
  fetched: Fetched[];
}

async function openCold(page: Page, baseUrl: string): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  let scripts = 0;
  let requests = 0;
  let lastRequestAt = Date.now();
  const count = (r: { url(): string; resourceType(): string }) => {
    if (!r.url().startsWith(baseUrl)) return;
    lastRequestAt = Date.now();
    requests++;
    if (r.resourceType() === 'script') scripts++;
  };
  page.on('request', count);
  await page.goto(`${baseUrl}/`);
  await page.locator(SECTION).first().waitFor({ timeout: 30_000 });
  // Lazy parts of the dashboard (a section's own chunk) count too: wait until no request started for a second (the
  // live event stream stays open, so Playwright's 'networkidle' never comes).
  while (Date.now() - lastRequestAt < 1_000) await new Promise((resolve) => setTimeout(resolve, 100));
  page.off('request', count);
  const ms = await page.evaluate(() => (window as unknown as { __firstSection?: number }).__firstSection ?? Number.NaN);
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      name: e.name,
      startMs: e.startTime,
      endMs: e.responseEnd,
    })),
  );
  const fetched = entries
    .filter((e) => e.name.startsWith(baseUrl))
    .map((e) => ({ path: e.name.slice(baseUrl.length), startMs: Math.round(e.startMs), endMs: Math.round(e.endMs) }));
  await cdp.detach();
  return { scripts, requests, ms: Math.round(ms), fetched };
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const member = await ctx.db.one<{ login_id: string }>(
    `SELECT m.login_id FROM members m JOIN accounts a ON a.member_id = m.id
       WHERE m.login_id ~ '^[A-Z]{2,3}M0000002$' ORDER BY m.id LIMIT 1`,
  );
  if (!member) throw new Error('No scale member to sign in as: the members scale seeder did not run');
  const browser = await launchChromium();
  const runs: Visit[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(WATCH_FIRST_SECTION);
    await signIn(page, ctx.baseUrl, member.login_id);
    for (let i = 0; i < REPEAT; i++) runs.push(await openCold(page, ctx.baseUrl));
    await context.close();
  } finally {
    await browser.close();
  }
  const { median, max } = summarise(runs.map((r) => r.ms));
  return {
    metrics: {
      scriptRequestsMax: Math.max(...runs.map((r) => r.scripts)),
      requestsMax: Math.max(...runs.map((r) => r.requests)),
      firstSectionMedianMs: median,
      firstSectionMaxMs: max,
    },
    notes: [
      `Chromium ${CHROMIUM}, 1280x900, signed in as ${member.login_id}; / opened ${REPEAT} times, the cache emptied before each.`,
      `Per run (JavaScript requests / all same-origin requests / first section ms): ${runs.map((r) => `${r.scripts}/${r.requests}/${r.ms}`).join(', ')}.`,
    ],
    // The median visit's requests with their start and end (report.json): what the first section waited for.
    details: { medianVisit: [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)].fetched },
  };
}
