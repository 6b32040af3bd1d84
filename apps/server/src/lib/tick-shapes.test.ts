import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('../../test/tick-shapes-child.ts', import.meta.url));

describe("the kept shapes of Node's tick objects (decision 1199, issue 33)", () => {
  it('keeps a tick object, and the ticks after an idle moment and full collections are made by its shape', () => {
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', CHILD], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const seen = JSON.parse(run.stdout.trim()) as { keys: string[]; sameShape: boolean };
    // The object of a tick (node:internal/process/task_queues): its callback and arguments beside its async ids.
    expect(seen.keys).toEqual(expect.arrayContaining(['callback', 'args', 'Symbol(async_id_symbol)']));
    expect(seen.sameShape).toBe(true);
  });
});
