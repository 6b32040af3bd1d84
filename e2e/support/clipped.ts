import type { Page } from '@playwright/test';

/**
 * Issue 28 §5 at 375 px (decision 1057): every value of every table (and of the cards a table becomes on a phone) and
 * every control of a part of the screen (named by its testid) must be readable where it is, without scrolling sideways. A piece of text or a
 * control whose box runs past the screen's edge, or past the edge of a box that scrolls or clips it sideways (a
 * table's scroll container, a cell's ellipsis), is cut. Vertical scrolling is how a phone reads a page: a box scrolled
 * out of view up or down is not cut. Returns a line per cut value or control.
 */
export async function clippedValues(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((main) => {
    /** The horizontal stretch of the screen that `from` can show: the viewport narrowed by every box that clips sideways. */
    const shownBetween = (from: Element) => {
      let left = 0;
      let right = innerWidth;
      for (let p: Element | null = from; p && p !== document.documentElement; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === 'visible') continue;
        const b = p.getBoundingClientRect();
        left = Math.max(left, b.left);
        right = Math.min(right, b.right);
      }
      return { left, right };
    };
    /** Text kept for screen readers only (Mantine's VisuallyHidden: clipped to nothing on purpose) is not a cut value. */
    const forScreenReaders = (el: Element) => {
      for (let p: Element | null = el; p && p !== main; p = p.parentElement) if (getComputedStyle(p).clip !== 'auto') return true;
      return false;
    };
    const nameOf = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const cut: string[] = [];
    const values = [...main.querySelectorAll<HTMLElement>('table td, table th, [data-testid$="-card"]')].filter(
      (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && (el.textContent ?? '').trim() !== '',
    );
    for (const value of values) {
      const texts = document.createTreeWalker(value, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement?.checkVisibility() || forScreenReaders(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const shown = shownBetween(node.parentElement);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.some((r) => r.left < shown.left - 1 || r.right > shown.right + 1)) {
          cut.push(`${nameOf(value)}: "${node.textContent.trim().slice(0, 30)}" is cut`);
          break;
        }
      }
    }
    const controls = [...main.querySelectorAll<HTMLElement>('button, [role="button"], a[data-variant], input, select, textarea')].filter(
      (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && el.getBoundingClientRect().width > 4,
    );
    for (const control of controls) {
      const r = control.getBoundingClientRect();
      const shown = shownBetween(control.parentElement ?? control);
      if (r.left < shown.left - 1 || r.right > shown.right + 1) cut.push(`${nameOf(control)} is cut`);
    }
    return cut;
  });
}
