import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseCommands, runPrefixed } from './side-by-side.mjs';

const root = resolve(import.meta.dirname, '..');
const node = process.execPath;

describe('side by side (decision 1174)', () => {
  it('reads "name -- command args" groups split by ::, and refuses a group without its name or command', () => {
    expect(parseCommands(['api', '--', 'node', 'a.mjs', '::', 'prod', '--', 'npm', 'run', 'test:prod'])).toEqual([
      { name: 'api', command: 'node', args: ['a.mjs'] },
      { name: 'prod', command: 'npm', args: ['run', 'test:prod'] },
    ]);
    expect(() => parseCommands(['api', 'node', 'a.mjs'])).toThrow(/expected "name -- command/);
    expect(() => parseCommands(['api', '--'])).toThrow(/expected "name -- command/);
  });

  it('prints every line of a command, standard error too, behind its name, and resolves to its status', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      const status = await runPrefixed('x', node, ['-e', 'console.log("one\\ntwo"); console.error("three"); process.exit(3)']);
      expect(status).toBe(3);
      expect(lines.sort()).toEqual(['[x] one', '[x] three', '[x] two']);
    } finally {
      log.mockRestore();
    }
  });

  it('from the command line runs both to their end and fails when one failed', () => {
    const run = spawnSync(
      node,
      [
        'scripts/side-by-side.mjs',
        'ok',
        '--',
        node,
        '-e',
        'setTimeout(() => console.log("late"), 300)',
        '::',
        'bad',
        '--',
        node,
        '-e',
        'process.exit(2)',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('[ok] late');
    expect(run.stdout).toMatch(/\[bad\] ended with status 2/);
    expect(run.stdout).toMatch(/\[ok\] ended with status 0/);
  });

  it("CI's closing line counts Vitest's totals behind a name, and Playwright's", () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
    try {
      const log = join(dir, 'log');
      writeFileSync(
        log,
        [
          '      Tests  40 passed (40)',
          '[api]       Tests  2 failed | 600 passed (602)',
          '[prod] 4 passed, 0 failed',
          '[PGlite]   84 passed (19.6m)',
          '[PostgreSQL]   1 failed',
          '[PostgreSQL]   60 passed (18.8m)',
        ].join('\n'),
      );
      const run = spawnSync(node, ['scripts/ci-summary.mjs', log, '1'], { cwd: root, encoding: 'utf8' });
      expect(run.stdout.trim()).toBe('784 passed, 3 failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
