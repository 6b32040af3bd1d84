import { expect, type Frame, type Page } from '@playwright/test';
import type { PartialResult, RunOptions } from 'axe-core';
import axe from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's best practices (landmarks, region, unique landmarks...). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe on the whole page and fails on any violation of any impact (minor to critical) of AXE_TAGS (`pointerAway`:
 * with the pointer parked off any control first, so that hover styles do not count). It first lets running CSS
 * transitions end: a dialog caught half faded in has a colour contrast that no member ever reads. During the scans no
 * transition runs at all (`holdTransitions`): a toast whose time ran out while axe read the page (axe takes seconds)
 * started fading out under it, and axe read its text half transparent (contrast 3.94 in the dark theme, decision 1165).
 */
export async function expectNoAxeViolations(page: Page, label: string, options: { pointerAway?: boolean } = {}) {
  // Parked off any control (bottom-left corner of the 1280x720 viewport), a hover style does not count.
  if (options.pointerAway) await page.mouse.move(1, 719);
  await transitionsEnded(page);
  // The PostgreSQL pass of scripts/test-e2e.mjs leaves the scans to the PGlite pass: a screen's markup does not depend
  // on the database, and the scans were half of a journey's time (decision 1002).
  if (process.env.E2E_AXE === 'off') return;
  await holdTransitions(page, true);
  try {
    const summary = await scan(page, { runOnly: { type: 'tag', values: AXE_TAGS } });
    expect(summary, `axe violations on ${label}`).toEqual([]);
    // A screen checked in the light theme is checked in the dark one too, for the rules that depend on colour: the
    // colour scheme is switched on the page (Mantine's colours are CSS variables of it) and switched back. The
    // high-contrast theme is its own theme object: its journeys are in member-ux.spec.ts.
    if (!(await setColorScheme(page, 'light', 'dark'))) return;
    try {
      const dark = await scan(page, { runOnly: { type: 'rule', values: COLOUR_RULES } });
      expect(dark, `axe violations on ${label}, dark theme`).toEqual([]);
    } finally {
      await setColorScheme(page, 'dark', 'light');
    }
  } finally {
    await holdTransitions(page, false);
  }
}

type AxeWindow = Window & { axe?: typeof axe };
type Scope = { runOnly: { type: 'tag' | 'rule'; values: string[] } };
const WHOLE = { exclude: [], include: [] };

/**
 * axe over the page and every frame in it, the way @axe-core/playwright's `analyze()` does it (`runPartial` in each
 * frame, the frames found by axe itself, then `finishRun` over the parts in frame order), without what made a scan
 * slow (decision 1169): axe's source is evaluated once per document, not twice per scan; the page's own part, the
 * large one (every node of every rule), never leaves the page, where it is finished instead of in a new blank page;
 * only the frames' parts (the ad frames' small documents) are carried in, and only the violations' summary comes back.
 * A frame that cannot be scanned counts as a missing part (null), as there. A page without frames is one `axe.run`.
 */
export async function scan(page: Page, { runOnly }: Scope): Promise<string[]> {
  const options = { runOnly, resultTypes: ['violations'] } as RunOptions;
  const main = page.mainFrame();
  const frameParts = await framePartsOf(main, WHOLE, options);
  return main.evaluate(
    async ({ context, options, frameParts }) => {
      const axe = (window as AxeWindow).axe!;
      const parts = frameParts as PartialResult[];
      // Without frames, one `axe.run`: its report keeps one node of each rule that passed before it makes their
      // selectors, where `runPartial` makes the selector, XPath and ancestry of every node it looked at, for a
      // `finishRun` that then drops them (decision 1170). The same rules and the same violations.
      const results =
        parts.length === 0
          ? await axe.run(context as axe.ContextObject, { ...(options as RunOptions), iframes: false })
          : await axe.finishRun(
              [await axe.runPartial(context as axe.ContextObject, options as RunOptions), ...parts],
              options as RunOptions,
            );
      return results.violations.map(
        (v) =>
          `${v.id} [${v.impact}]: ${v.help} (${v.nodes
            .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
            .slice(0, 3)
            .join(', ')})`,
      );
    },
    { context: WHOLE as unknown, options: options as unknown, frameParts: frameParts as unknown },
  );
}

/** The parts of the frames inside `frame`, depth first, each frame's own part before its frames' (axe's order). */
async function framePartsOf(frame: Frame, context: unknown, options: RunOptions): Promise<(PartialResult | null)[]> {
  await withAxe(frame);
  // Arguments and answers pass as JSON, typed here: Playwright's typing of axe's deep types would not end.
  const frames = (await frame.evaluate(
    (context) => (window as AxeWindow).axe!.utils.getFrameContexts(context as axe.ContextObject) as unknown,
    context,
  )) as { frameSelector: unknown; frameContext: unknown }[];
  const parts: (PartialResult | null)[] = [];
  for (const { frameSelector, frameContext } of frames) {
    const element = (
      await frame.evaluateHandle((selector) => (window as AxeWindow).axe!.utils.shadowSelect(selector as string), frameSelector)
    ).asElement();
    const child = await element?.contentFrame();
    parts.push(...(child ? await partsOf(child, frameContext, options) : [null]));
  }
  return parts;
}

async function partsOf(frame: Frame, context: unknown, options: RunOptions): Promise<(PartialResult | null)[]> {
  try {
    const inner = await framePartsOf(frame, context, options);
    const own = (await frame.evaluate(
      ({ context, options }) =>
        (window as AxeWindow).axe!.runPartial(context as axe.ContextObject, options as RunOptions) as Promise<unknown>,
      { context, options: options as unknown },
    )) as PartialResult;
    return [own, ...inner];
  } catch {
    return [null];
  }
}

/** Evaluates axe's source in the frame unless its document has it already (a client-side navigation keeps it). */
async function withAxe(frame: Frame) {
  if (await frame.evaluate(() => typeof (window as AxeWindow).axe?.runPartial === 'function')) return;
  await frame.evaluate(axe.source);
  // A node's HTML is for reports, and these scans report rules, targets and failures: without it axe does not read the
  // outerHTML of every node it looks at (a fifth of a scan; decision 1170).
  await frame.evaluate(() => (window as AxeWindow).axe!.configure({ noHtml: true }));
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
