import type { Page, Request } from '@playwright/test';

/** The live event stream (decision 0977) stays open as long as the page: it never counts as a request in flight. */
const LONG_LIVED = /\/api\/app\/Events(\?|$)/;

/**
 * Counts the page's requests from now on, so that a journey can wait until none is in flight for `quietMs`: what
 * Playwright's 'networkidle' did before the page held a stream open for good.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counted = (r: Request) => !LONG_LIVED.test(r.url());
  page.on('request', (r) => {
    if (!counted(r)) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Resolves once no counted request has been in flight for `quietMs` (at most `timeoutMs`). */
    async settled(quietMs = 500, timeoutMs = 30_000): Promise<void> {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    },
  };
}
