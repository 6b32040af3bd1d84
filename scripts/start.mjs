// `npm start`: builds when the tree has changed since the last build (or was never built), then runs the compiled
// server. A second start of an unchanged tree does not build. Instances started at once from one tree build once:
// the build runs under a lock directory, and whoever waited for it finds the stamp fresh.

import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, stampedHash, treeHash } from './build-stamp.mjs';

const LOCK = join(ROOT, '.build-lock');
const STALE_MS = 15 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function lock() {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(500);
    }
  }
}

if (stampedHash() !== treeHash()) {
  await lock();
  let status = 0;
  try {
    if (stampedHash() !== treeHash()) {
      console.log('Building Portico (the sources changed since the last build)...');
      status = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
    }
  } finally {
    // Released before any exit (process.exit skips `finally`): a failed build must not hold the next start for 15 min.
    rmSync(LOCK, { recursive: true, force: true });
  }
  if (status !== 0) process.exit(status);
}
// `--build-only` (npm run build:if-changed): what the tests run before they use the compiled output.
if (!process.argv.includes('--build-only')) await import(join(ROOT, 'apps/server/dist/server.js'));
