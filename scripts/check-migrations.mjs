// Fails when a migration that landed on the main branch has been changed since (decision 1020): each migration file in
// the main branch's history is compared with its first committed version. Part of `npm run lint` (so of `npm test`).
// A shallow clone or a folder without git history cannot be checked: that is said in one line, and is a failure under
// CI (CI=true, after trying `git fetch --unshallow`; else fetch the whole history, e.g. actions/checkout's
// `fetch-depth: 0`), a warning otherwise.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_PATH = 'apps/server/src/db/migrations';

/**
 * Landed migrations changed before this check existed, with the checksum of the text each may keep (decision 1020):
 * 1020_repair_edited_migrations.sql repairs what a database migrated by an earlier text lacks.
 */
export const EDITED_BEFORE_THE_CHECK = {
  '0221_registered_search_by_status.sql': '33262a640bbc7e5dfece3d73154bbbb867271d04a8e2f83bebcc9843c31868df',
  '0400_second_factors.sql': '8b5365c5c90b99c55fc64cc5083eafca87e6e0876e3cebe4830e93e17c8cc7e5',
  '0985_reso_feed.sql': '2b20d5f8624be53e550d1346e589e4a74b7321041663a983ecb9ccb4cd5686c8',
};

/** The same checksum as the migrator's (apps/server/src/db/migrate.ts): SHA-256 of the text with LF line ends. */
export const checksum = (text) => createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');

/**
 * Checks the migrations of the checkout at `root` against `base`'s history (default: `origin/main`, else `main`).
 * Returns `{ status: 'ok' | 'changed' | 'unchecked', lines }`; `lines` say what was found, one per problem.
 * `unshallow` (under CI) fetches a shallow clone's history before giving up.
 */
export function checkMigrationHistory({ root, base, allowed = EDITED_BEFORE_THE_CHECK, unshallow = false } = {}) {
  const git = (...args) =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  const tryGit = (...args) => {
    try {
      return git(...args).trim();
    } catch {
      return null;
    }
  };
  if (tryGit('rev-parse', '--is-inside-work-tree') !== 'true')
    return unchecked('not a git checkout, so the landed migrations cannot be compared with their first versions');
  // Under CI a shallow clone first fetches its history from its origin (a folder or a host); only if that fails is it said.
  if (tryGit('rev-parse', '--is-shallow-repository') === 'true' && !(unshallow && tryGit('fetch', '--quiet', '--unshallow') !== null))
    return unchecked('a shallow clone has not the history to compare the landed migrations with (git fetch --unshallow)');
  const main = base ?? ['origin/main', 'main'].find((r) => tryGit('rev-parse', '--verify', '--quiet', `${r}^{commit}`));
  if (!main) return unchecked('no main branch (origin/main or main) to read the landed migrations from');
  // What landed and this checkout has: main where the checkout's branch left it (a migration main gained since is not
  // this branch's to keep; the merge brings it). On main itself, main.
  const ref = tryGit('merge-base', 'HEAD', main) ?? main;

  // Oldest first: the first commit that adds a file is its landed version.
  const log = git('log', '--reverse', '--format=commit %H', '--name-status', '--no-renames', ref, '--', MIGRATIONS_PATH);
  const first = new Map();
  let commit = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('commit ')) commit = line.slice(7);
    const [status, path] = line.split('\t');
    if (status === 'A' && path?.endsWith('.sql') && !first.has(path)) first.set(path, commit);
  }
  const lines = [];
  for (const [path, landedIn] of [...first].sort()) {
    const name = path.slice(MIGRATIONS_PATH.length + 1);
    if (!/^\d{4}_[a-z0-9_]+\.sql$/.test(name)) continue;
    const file = join(root, path);
    if (!existsSync(file)) {
      if (tryGit('cat-file', '-e', `${ref}:${path}`) !== null)
        lines.push(`${name} is deleted, but it landed in ${landedIn.slice(0, 10)}: a landed migration stays`);
      continue;
    }
    const now = checksum(readFileSync(file, 'utf8'));
    if (now === checksum(git('show', `${landedIn}:${path}`)) || allowed[name] === now) continue;
    lines.push(`${name} differs from its landed version (${landedIn.slice(0, 10)}): restore it and put the change in a new migration`);
  }
  return { status: lines.length ? 'changed' : 'ok', lines, checked: first.size, ref: main };
}

function unchecked(reason) {
  return { status: 'unchecked', lines: [`Landed migrations not checked: ${reason}.`], checked: 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = checkMigrationHistory({ root, unshallow: process.env.CI === 'true' });
  if (result.status === 'ok') {
    console.log(`Migrations: the ${result.checked} landed on ${result.ref} are unchanged.`);
  } else if (result.status === 'unchecked' && process.env.CI !== 'true') {
    console.warn(`WARNING: ${result.lines[0]}`);
  } else {
    for (const line of result.lines) console.error(`FAIL: ${line}`);
    if (result.status === 'changed')
      console.error('A migration that has run on a database never changes (docs/decisions/1020-migrations-cannot-drift.md).');
    process.exit(1);
  }
}
