export type PagerItem = number | 'gap';

/**
 * The page links of a server table (seed 001: 3 page links around the current page, 2 margin pages at each end),
 * with a gap where pages are skipped.
 */
export function pagerItems(current: number, total: number, range = 3, margin = 2): PagerItem[] {
  if (total <= 0) return [];
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) pages.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) pages.add(p);
  let start = Math.max(1, current - Math.floor(range / 2));
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let p = start; p <= end; p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PagerItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** Go to page: the page to open, or why not (a page outside 1 to the page count); nothing while the box is empty. */
export function jumpTarget(value: string | number, totalPages: number): { page: number } | { outOfRange: true } | null {
  if (value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= totalPages ? { page: n } : { outOfRange: true };
}
