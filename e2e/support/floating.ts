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

/**
 * Issue 28 §5 (issue 17's check extended to values): every visible value of every table in the main area must not lie
 * under a floating part (an element of fixed position: the Support button, the Feedback tab, a toast), checked at the
 * centre and the four corners of each piece of its text, clipped to the boxes that scroll it (a wide table on a phone
 * scrolls a value out of view; that is not covering). The fixed header is scrolling, not covering, as in
 * `coveredButtons`. `keep` checks the page as it is; `center` scrolls each cell to the middle first.
 */
export async function coveredCells(page: Page, block: 'center' | 'keep'): Promise<string[]> {
  return page.locator('#main').evaluate(async (main, where) => {
    const visibleBox = (from: Element, r: DOMRect) => {
      let { left, top, right, bottom } = r;
      for (let p: Element | null = from; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const b = p.getBoundingClientRect();
        left = Math.max(left, b.left);
        top = Math.max(top, b.top);
        right = Math.min(right, b.right);
        bottom = Math.min(bottom, b.bottom);
      }
      return { left: Math.max(left, 0), top: Math.max(top, 0), right: Math.min(right, innerWidth), bottom: Math.min(bottom, innerHeight) };
    };
    const floatingPart = (hit: Element | null) => {
      if (!hit || hit.closest('.mantine-AppShell-header, [data-testid="demo-banner"]')) return null;
      for (let e: Element | null = hit; e && e !== document.body; e = e.parentElement)
        if (getComputedStyle(e).position === 'fixed') return e;
      return null;
    };
    const cells = [
      ...main.querySelectorAll<HTMLElement>('table td, table th, [data-testid="class-card"], [data-testid="never-launched-card"]'),
    ].filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && (el.textContent ?? '').trim() !== '');
    const covered: string[] = [];
    for (const cell of cells) {
      if (where === 'center') cell.scrollIntoView({ block: 'center', inline: 'nearest' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      let over: Element | null = null;
      for (let node = texts.nextNode(); node && !over; node = texts.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of [...range.getClientRects()]) {
          const v = visibleBox(node.parentElement, rect);
          if (v.right - v.left < 2 || v.bottom - v.top < 2) continue;
          const points = [
            [(v.left + v.right) / 2, (v.top + v.bottom) / 2],
            [v.left + 1, v.top + 1],
            [v.right - 1, v.top + 1],
            [v.left + 1, v.bottom - 1],
            [v.right - 1, v.bottom - 1],
          ];
          over = points.map(([x, y]) => floatingPart(document.elementFromPoint(x, y))).find((f) => f && !f.contains(cell)) ?? null;
          if (over) break;
        }
      }
      if (over) {
        const what = over.querySelector('[aria-label]')?.getAttribute('aria-label') ?? over.getAttribute('aria-label') ?? over.tagName;
        covered.push(`cell "${(cell.textContent ?? '').trim().slice(0, 40)}" under ${what.toLowerCase().slice(0, 40)}`);
      }
    }
    return covered;
  }, block);
}
