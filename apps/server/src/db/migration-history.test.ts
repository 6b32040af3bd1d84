import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMigrationHistory, checksum, EDITED_BEFORE_THE_CHECK, MIGRATIONS_PATH } from '../../../../scripts/check-migrations.mjs';
import { TEST_DB } from '../../test/context';
import { MIGRATIONS_DIR, migrationChecksum } from './migrate';

/** The CI check of decision 1020 on throwaway repositories; no database, so once (in the PGlite pass). */
describe.runIf(TEST_DB === 'pglite')('the check that landed migrations stay as they landed', () => {
  const roots: string[] = [];
  const git = (root: string, ...args: string[]) =>
    execFileSync('git', ['-C', root, ...args], {
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
    });
  /** A repository whose main branch landed 0001 and 0002. */
  const repository = () => {
    const root = mkdtempSync(join(tmpdir(), 'portico-history-'));
    roots.push(root);
    git(root, 'init', '-q', '-b', 'main');
    mkdirSync(join(root, MIGRATIONS_PATH), { recursive: true });
    writeFileSync(join(root, MIGRATIONS_PATH, '0001_first.sql'), 'CREATE TABLE a (id integer);\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'first');
    writeFileSync(join(root, MIGRATIONS_PATH, '0002_second.sql'), 'CREATE TABLE b (id integer);\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'second');
    return root;
  };
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('passes landed migrations as they landed, a new migration of a branch however often it changes, and main moving on', () => {
    const root = repository();
    git(root, 'checkout', '-q', '-b', 'feature');
    writeFileSync(join(root, MIGRATIONS_PATH, '0003_new.sql'), 'CREATE TABLE c (id integer);\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'new');
    // main moves on with a migration this branch has not merged yet: not a deletion of this branch's.
    git(root, 'checkout', '-q', 'main');
    writeFileSync(join(root, MIGRATIONS_PATH, '0004_on_main.sql'), 'CREATE TABLE d (id integer);\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'main moves on');
    git(root, 'checkout', '-q', 'feature');
    appendFileSync(join(root, MIGRATIONS_PATH, '0003_new.sql'), 'CREATE INDEX ON c (id);\n');
    expect(checkMigrationHistory({ root })).toMatchObject({ status: 'ok', checked: 2, lines: [] });
  });

  it('fails a landed migration changed later on main, on a branch, or only in the working tree, naming it', () => {
    const root = repository();
    appendFileSync(join(root, MIGRATIONS_PATH, '0001_first.sql'), 'CREATE INDEX ON a (id);\n');
    const uncommitted = checkMigrationHistory({ root });
    expect(uncommitted.status).toBe('changed');
    expect(uncommitted.lines).toEqual([expect.stringMatching(/^0001_first\.sql differs from its landed version/)]);
    git(root, 'commit', '-q', '-am', 'edit a landed migration');
    expect(checkMigrationHistory({ root }).status).toBe('changed');
    unlinkSync(join(root, MIGRATIONS_PATH, '0002_second.sql'));
    expect(checkMigrationHistory({ root }).lines).toEqual([
      expect.stringMatching(/^0001_first\.sql differs/),
      expect.stringMatching(/^0002_second\.sql is deleted/),
    ]);
  });

  it('takes an edit made before the check only at the text its allow-list names', () => {
    const root = repository();
    const path = join(root, MIGRATIONS_PATH, '0001_first.sql');
    appendFileSync(path, '-- kept\n');
    const allowed = { '0001_first.sql': checksum(readFileSync(path, 'utf8')) };
    expect(checkMigrationHistory({ root, allowed }).status).toBe('ok');
    appendFileSync(path, '-- and changed again\n');
    expect(checkMigrationHistory({ root, allowed }).status).toBe('changed');
  });

  it('says so when a shallow clone or a folder without git cannot be checked; under CI a shallow clone fetches first', () => {
    const root = repository();
    const shallow = join(mkdtempSync(join(tmpdir(), 'portico-shallow-')), 'clone');
    roots.push(shallow);
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${root}`, shallow]);
    expect(checkMigrationHistory({ root: shallow })).toMatchObject({
      status: 'unchecked',
      lines: [expect.stringContaining('shallow clone')],
    });
    // Under CI it fetches the history from its origin first, and then checks.
    expect(checkMigrationHistory({ root: shallow, unshallow: true })).toMatchObject({ status: 'ok', checked: 2 });
    const bare = mkdtempSync(join(tmpdir(), 'portico-nogit-'));
    roots.push(bare);
    expect(checkMigrationHistory({ root: bare })).toMatchObject({
      status: 'unchecked',
      lines: [expect.stringContaining('not a git checkout')],
    });
  });

  it('hashes as the migrator does, and its allow-list holds the texts of the migrations here', () => {
    for (const [name, sum] of Object.entries(EDITED_BEFORE_THE_CHECK)) {
      const text = readFileSync(join(MIGRATIONS_DIR, name), 'utf8');
      expect(migrationChecksum(text)).toBe(sum);
      expect(checksum(text)).toBe(sum);
    }
  });
});
