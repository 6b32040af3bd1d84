import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleResult {
  /** Every script the public dashboard loads before it can run: the entry, its static imports, modulepreloads. */
  javascript: BundleFile[];
  stylesheets: BundleFile[];
  jsGzipKb: number;
  jsRawKb: number;
  cssGzipKb: number;
  builtNow: boolean;
  /** Whether a measured script loads further chunks with import(): then this set may be short of what a page runs. */
  hasDynamicImports: boolean;
}

// `import{a as b}from"./x.js"`, `import"./y.js"`, `export{c}from"./z.js"`; never `import("./lazy.js")`.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

const sized = (dist: string, file: string): BundleFile => {
  const content = readFileSync(join(dist, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
};

/** Builds the web app when it has no dist yet (npm run build -w @portico/web). */
export function ensureWebBuilt(repoRoot: string, log: (line: string) => void): boolean {
  const dist = join(repoRoot, 'apps/web/dist');
  if (existsSync(join(dist, 'index.html'))) return false;
  log('Building the web app (apps/web/dist is missing) ...');
  execFileSync('npm', ['run', 'build', '-w', '@portico/web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  return true;
}

/**
 * The public dashboard's initial JavaScript and CSS, each file gzipped on its own as a server would send it. Without
 * `loaded`, the scripts are index.html's entry with its static imports and modulepreloads; with `loaded` (paths a
 * browser really fetched), exactly those.
 */
export function measureBundle(dist: string, builtNow: boolean, loaded?: string[]): BundleResult {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const roots = new Set<string>(loaded ?? []);
  if (!loaded) {
    for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)) roots.add(m[1]);
    for (const m of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)) roots.add(m[1]);
  }
  const css = [...html.matchAll(/<link\b[^>]*\brel=["']stylesheet["'][^>]*\bhref=["']([^"']+)["']/g)].map((m) => m[1].replace(/^\//, ''));

  const seen = new Set<string>();
  let hasDynamicImports = false;
  const queue = [...roots].map((src) => src.replace(/^\//, ''));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(join(dist, file))) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    if (/\bimport\(\s*["'][^"']+\.m?js["']/.test(code)) hasDynamicImports = true;
    for (const m of code.matchAll(STATIC_IMPORT)) {
      if (!m[1].startsWith('.') && !m[1].startsWith('/')) continue;
      queue.push(m[1].startsWith('/') ? m[1].slice(1) : posix.normalize(posix.join(posix.dirname(file), m[1])));
    }
  }
  const javascript = [...seen].map((f) => sized(dist, f));
  const stylesheets = css.filter((f) => existsSync(join(dist, f))).map((f) => sized(dist, f));
  const kb = (files: BundleFile[], key: 'bytes' | 'gzipBytes') => Math.round((files.reduce((s, f) => s + f[key], 0) / 1024) * 10) / 10;
  return {
    javascript,
    stylesheets,
    jsGzipKb: kb(javascript, 'gzipBytes'),
    jsRawKb: kb(javascript, 'bytes'),
    cssGzipKb: kb(stylesheets, 'gzipBytes'),
    builtNow,
    hasDynamicImports,
  };
}
