#!/usr/bin/env node
// Issue 27 §2, decision 1030: moves what the web features build on out of `apps/web/src/app/` into the lower layer
// `apps/web/src/core/`, and rewrites every relative import of the web app to the new places.
//
// Safe to run again, e.g. after merging a branch that still imports `../../app/api`: a file already moved is left where
// it is, an import that already points to the right file is left as it is. Run from the repository root:
//   node scripts/codemods/web-core-layer.mjs            (moves with `git mv`, rewrites, prints what it changed)
//   node scripts/codemods/web-core-layer.mjs --dry-run  (prints only)
// then `npx biome check --write apps/web/src` (import order) and `npm run typecheck`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const WEB = 'apps/web/src';
const root = process.cwd();
const dryRun = process.argv.includes('--dry-run');

/** Old place -> new place, relative to apps/web/src. */
const MOVES = {
  'app/api.ts': 'core/api.ts',
  'app/auth.ts': 'core/auth.ts',
  'app/member.tsx': 'core/member.tsx',
  'app/member-queries.ts': 'core/member-queries.ts',
  'app/refresh.ts': 'core/refresh.ts',
  'app/refresh.test.ts': 'core/refresh.test.ts',
  'app/forms.ts': 'core/forms.ts',
  'app/countdown.ts': 'core/countdown.ts',
  'app/download.ts': 'core/download.ts',
  'app/lazy-page.ts': 'core/lazy-page.ts',
  'app/lazy-page.test.ts': 'core/lazy-page.test.ts',
  'app/loaded-module.ts': 'core/loaded-module.ts',
  'app/loaded-module.test.ts': 'core/loaded-module.test.ts',
  'app/theme-context.tsx': 'core/theme-context.tsx',
  // The page chrome features embed (the EULA gate's public layout, the dashboard's theme picker, ...).
  'app/shell/PublicLayout.tsx': 'core/shell/PublicLayout.tsx',
  'app/shell/Footer.tsx': 'core/shell/Footer.tsx',
  'app/shell/FeedbackTab.tsx': 'core/shell/FeedbackTab.tsx',
  'app/shell/Logo.tsx': 'core/shell/Logo.tsx',
  'app/shell/ThemePicker.tsx': 'core/shell/ThemePicker.tsx',
  'app/shell/floating.ts': 'core/shell/floating.ts',
  'app/shell/footer-config.ts': 'core/shell/footer-config.ts',
  'app/pages/NotFoundPage.tsx': 'core/pages/NotFoundPage.tsx',
  'app/pages/LoadingScreen.tsx': 'core/pages/LoadingScreen.tsx',
};

const abs = (webPath) => resolve(root, WEB, webPath);
const moveOf = new Map(Object.entries(MOVES).map(([from, to]) => [abs(from), abs(to)]));

// 1. Move the files that are still at their old place.
const movedFrom = new Map(); // new absolute path -> old absolute path, for files moved in this run
for (const [from, to] of moveOf) {
  if (existsSync(from) && existsSync(to))
    throw new Error(`both ${relative(root, from)} and ${relative(root, to)} exist: merge them by hand`);
  if (!existsSync(from)) continue;
  console.log(`move ${relative(root, from)} -> ${relative(root, to)}`);
  movedFrom.set(to, from);
  if (dryRun) continue;
  mkdirSync(dirname(to), { recursive: true });
  try {
    execFileSync('git', ['mv', from, to], { stdio: 'pipe' });
  } catch {
    renameSync(from, to);
  }
}

// 2. Rewrite relative imports of every source file of the web app.
const sources = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) sources.push(path);
  }
};
walk(resolve(root, WEB));
// In a dry run the moved files are still at their old place: read them there, reason about them at the new one.
if (dryRun) for (const [to, from] of movedFrom) sources.splice(sources.indexOf(from), 1, to);

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];
/** The file a specifier names from `dir`, before the moves (an old place counts even once it is gone). */
function target(dir, specifier) {
  const base = resolve(dir, specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (moveOf.has(candidate)) return { file: candidate, ext };
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      if (ext === '' && !/\.(ts|tsx|mts|css|svg|png|json)$/.test(candidate)) continue; // a folder
      return { file: candidate, ext };
    }
  }
  return null;
}

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;
let changedFiles = 0;
for (const file of sources) {
  const readFrom = dryRun ? (movedFrom.get(file) ?? file) : file;
  const text = readFileSync(readFrom, 'utf8');
  const oldDir = dirname(movedFrom.get(file) ?? file);
  const newDir = dirname(file);
  const next = text.replace(SPECIFIER, (whole, lead, quote, specifier) => {
    const found = target(oldDir, specifier);
    if (!found) return whole;
    const destination = moveOf.get(found.file) ?? found.file;
    // Keep the way the import was written: the same extension (or none), an index import as a folder import.
    const kept = found.ext === '' ? destination : destination.slice(0, destination.length - found.ext.length);
    let rewritten = relative(newDir, kept).split('\\').join('/');
    if (!rewritten.startsWith('.')) rewritten = `./${rewritten}`;
    return rewritten === specifier ? whole : `${lead}${quote}${rewritten}${quote}`;
  });
  if (next !== text) {
    changedFiles += 1;
    console.log(`rewrite ${relative(root, file)}`);
    if (!dryRun) writeFileSync(file, next);
  }
}
console.log(`${movedFrom.size} files moved, ${changedFiles} files rewritten${dryRun ? ' (dry run: nothing written)' : ''}`);
