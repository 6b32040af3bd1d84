// What a build is made from, as one hash: the sources of the web app, the server and packages/shared, the lockfile
// and the build scripts. scripts/build.mjs writes it beside the compiled server once everything is built;
// scripts/start.mjs builds again only when the tree's hash differs from the stamp.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = join(ROOT, 'apps/server/dist/build-stamp.txt');
const INPUTS = [
  'package-lock.json',
  'package.json',
  'tsconfig.base.json',
  'packages/shared',
  'apps/server/package.json',
  'apps/server/src',
  'apps/web',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/build-stamp.mjs',
  'scripts/precompress.mjs',
];
const SKIP = new Set(['node_modules', 'dist']);

function files(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  try {
    return readdirSync(full, { withFileTypes: true })
      .filter((e) => !SKIP.has(e.name))
      .flatMap((e) => files(join(path, e.name)));
  } catch {
    return [path];
  }
}

export function treeHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash
      .update(relative(ROOT, join(ROOT, file)))
      .update('\0')
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function stampedHash() {
  return existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8').trim() : null;
}
