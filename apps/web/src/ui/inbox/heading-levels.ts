/**
 * Authored HTML (articles) picks its heading levels freely: an article whose first heading is an h3 skips a level
 * under the page's h1. Its levels are renumbered from `top` down in the order of their rank, without gaps
 * (h3, h5 under an h1 become h2, h3), so the page's outline stays whole (decision 0950). The HTML was sanitised
 * on the server; only the heading tags' names change.
 */
export function renumberHeadings(html: string, top = 2): string {
  const tag = /<(\/?)h([1-6])(?=[\s>/])/gi;
  const used = [...new Set([...html.matchAll(tag)].map((m) => Number(m[2])))].sort((a, b) => a - b);
  if (used.length === 0) return html;
  const level = new Map(used.map((l, i) => [l, Math.min(6, top + i)]));
  return html.replace(tag, (_m, close: string, l: string) => `<${close}h${level.get(Number(l))}`);
}
