import { accessSync, constants } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRun {
  formFactor: 'mobile' | 'desktop';
  performance: number | null;
  accessibility: number | null;
  /** Core metrics in ms (CLS unitless), as Lighthouse reports them. */
  metrics: Record<string, number | undefined>;
  /** Scripts the page really loaded (same-origin paths), to size the initial JavaScript from what a browser fetches. */
  scripts: string[];
  failedAudits: string[];
  warnings: string[];
  error?: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function summarize(lhr: Lhr, formFactor: LighthouseRun['formFactor'], origin: string): LighthouseRun {
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  const num = (id: string) => lhr.audits[id]?.numericValue;
  type Request = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number };
  const items = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
  const scriptItems = items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(origin));
  const scripts = scriptItems.map((i) => new URL(i.url).pathname);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  // Which elements fail an accessibility audit, so that whoever owns the screen can fix them.
  const offenders = (id: string) => {
    type Item = { node?: { selector?: string; explanation?: string } };
    const items = ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []).filter((i) => i.node);
    const byReason = new Map<string, string[]>();
    for (const i of items) {
      const reason = (i.node?.explanation ?? '')
        .replace(/^Fix any of the following:\s*/, '')
        .split('\n')[0]
        .trim();
      byReason.set(reason, [...(byReason.get(reason) ?? []), i.node?.selector ?? '?']);
    }
    return [...byReason.entries()].map(
      ([reason, selectors]) => `${selectors.length} element(s) — ${reason} (e.g. ${selectors.slice(0, 2).join(' | ')})`,
    );
  };
  const failedAudits = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 0.9)
    .map((a) => {
      const nodes = offenders(a.id);
      return `${a.id} (${a.displayValue || a.score})${nodes.length ? `: ${nodes.join('; ')}` : ''}`;
    });
  return {
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: {
      firstContentfulPaintMs: num('first-contentful-paint'),
      largestContentfulPaintMs: num('largest-contentful-paint'),
      totalBlockingTimeMs: num('total-blocking-time'),
      speedIndexMs: num('speed-index'),
      cumulativeLayoutShift: num('cumulative-layout-shift'),
      scriptTransferKb: kb(scriptItems.reduce((sum, i) => sum + (i.transferSize ?? 0), 0)),
      scriptResourceKb: kb(scriptItems.reduce((sum, i) => sum + (i.resourceSize ?? 0), 0)),
    },
    scripts,
    failedAudits,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Lighthouse (performance and accessibility) of one page in the system Chromium, mobile (Lighthouse's default:
 * simulated slow 4G and a 4x slower CPU) and desktop. A run that cannot happen reports its error, never a number.
 */
export async function runLighthouse(url: string, debuggingPort: number): Promise<LighthouseRun[]> {
  const runs: LighthouseRun[] = [];
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    // chrome-launcher emits an unhandled 'error' event (and the process dies) when the binary cannot be spawned.
    accessSync(CHROMIUM, constants.X_OK);
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, port: debuggingPort, logLevel: 'error' });
    for (const formFactor of ['mobile', 'desktop'] as const) {
      try {
        const flags = {
          port: chrome.port,
          output: 'json' as const,
          logLevel: 'error' as const,
          onlyCategories: ['performance', 'accessibility'],
        };
        const result =
          formFactor === 'desktop'
            ? await lighthouse(url, flags, {
                ...desktopConfig,
                settings: { ...desktopConfig.settings, onlyCategories: flags.onlyCategories },
              })
            : await lighthouse(url, flags);
        if (!result) throw new Error('Lighthouse returned no result');
        if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
        runs.push(summarize(result.lhr, formFactor, new URL(url).origin));
      } catch (error) {
        runs.push(failed(formFactor, error));
      }
    }
  } catch (error) {
    if (runs.length === 0) runs.push(failed('mobile', error), failed('desktop', error));
  } finally {
    await chrome?.kill();
  }
  return runs;
}

function failed(formFactor: LighthouseRun['formFactor'], error: unknown): LighthouseRun {
  return {
    formFactor,
    performance: null,
    accessibility: null,
    metrics: {},
    scripts: [],
    failedAudits: [],
    warnings: [],
    error: error instanceof Error ? error.message : String(error),
  };
}
