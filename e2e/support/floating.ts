import type { Page } from '@playwright/test';

/**
 * Every enabled, visible button of the main area (and the sticky bars in it), scrolled to `block`, must be the
 * element a pointer finds at its centre: nothing (the Support button, the Feedback tab, a toast) lies on top.
 * Returns a line per covered button, naming what covers it.
 */
export async function coveredButtons(page: Page, block: 'center' | 'end' | 'keep'): Promise<string[]> {
  return page.locator('#main').evaluate(async (main, where) => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const buttons = [...main.querySelectorAll<HTMLElement>('button, [role="button"], a[data-variant]')].filter(
      (el) =>
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        !el.matches(':disabled, [data-disabled], [aria-disabled="true"]') &&
        el.getBoundingClientRect().width > 4 &&
        el.getBoundingClientRect().height > 4,
    );
    const covered: string[] = [];
    for (const el of buttons) {
      if (where !== 'keep') el.scrollIntoView({ block: where as ScrollLogicalPosition, inline: 'nearest' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (where === 'keep' && (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth)) continue;
      const hit = document.elementFromPoint(x, y);
      // The fixed header and the demo banner above it lie over whatever the page scrolled under them: that is
      // scrolling, not covering (a button there comes back into view with the page).
      if (hit?.closest('.mantine-AppShell-header, [data-testid="demo-banner"]')) continue;
      if (hit && !el.contains(hit)) covered.push(`${name(el)} under ${name(hit)}`);
    }
    return covered;
  }, block);
}
