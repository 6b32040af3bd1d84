import type { Page } from 'playwright-core';

/** One measured interaction: from the first input event to the frame after the last change of the watched part. */
export interface UiTiming {
  ms: number;
  mutations: number;
}

/**
 * Arms a measurement in the page, runs `act` (clicks, typing), and answers the time from the first input event the
 * page received (pointerdown, keydown or input, in capture phase) to the end of the frame after the last DOM change
 * under `rootSelector`: a MutationObserver notes each change, a requestAnimationFrame plus a posted message marks
 * the frame that shows it, and the measurement ends after `quietMs` with no further change (so that a deferred or
 * two-step render counts in full). It measures; it never asserts.
 */
export async function timeInteraction(page: Page, rootSelector: string, act: () => Promise<void>, quietMs = 300): Promise<UiTiming> {
  // tsx (esbuild, keepNames) wraps the functions below in a `__name` helper that the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  await page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    const state = { t0: -1, t1: -1, mutations: 0 };
    const onInput = () => {
      if (state.t0 < 0) state.t0 = performance.now();
    };
    for (const type of ['pointerdown', 'keydown', 'input']) document.addEventListener(type, onInput, { capture: true });
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      state.t1 = performance.now();
    };
    const observer = new MutationObserver((records) => {
      if (state.t0 < 0) return;
      state.mutations += records.length;
      requestAnimationFrame(() => channel.port2.postMessage(null));
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    (window as unknown as { __uiTiming: unknown }).__uiTiming = {
      state,
      stop: () => {
        observer.disconnect();
        for (const type of ['pointerdown', 'keydown', 'input']) document.removeEventListener(type, onInput, { capture: true });
        channel.port1.close();
      },
    };
  }, rootSelector);
  await act();
  // Wait until the page has been quiet for quietMs after its last change (at most 10 s).
  const state = await page.evaluate(
    ({ quiet }) =>
      new Promise<{ t0: number; t1: number; mutations: number }>((resolve) => {
        const timing = (window as unknown as { __uiTiming: { state: { t0: number; t1: number; mutations: number }; stop(): void } })
          .__uiTiming;
        const started = performance.now();
        let seen = -2;
        const check = () => {
          const { t1 } = timing.state;
          if ((t1 >= 0 && t1 === seen) || performance.now() - started > 10_000) {
            timing.stop();
            resolve({ ...timing.state });
          } else {
            seen = t1;
            setTimeout(check, quiet);
          }
        };
        setTimeout(check, quiet);
      }),
    { quiet: quietMs },
  );
  if (state.t0 < 0 || state.t1 < 0) throw new Error('The interaction changed nothing on the page (no input event or no DOM change)');
  return { ms: Math.round((state.t1 - state.t0) * 10) / 10, mutations: state.mutations };
}

export function summarise(samples: number[]): { median: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
}
