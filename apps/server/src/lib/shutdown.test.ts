import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const CHILD = fileURLToPath(new URL('../../test/log-child.ts', import.meta.url));

describe('request logs at a graceful stop (issue 33)', () => {
  it('writes the line of every request answered before SIGTERM, one line each', { timeout: 120_000 }, async () => {
    const child = spawn(TSX, [CHILD], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const found = /listening on (\d+)/.exec(stderr);
        if (found) resolve(Number(found[1]));
      });
      child.once('exit', (code) => reject(new Error(`the server ended (${code}) before listening: ${stderr}`)));
    });
    // A burst, so that lines are still buffered or being written when the signal comes.
    const ids = Array.from({ length: 300 }, (_, i) => `last-${i}`);
    const answers = await Promise.all(
      ids.map((id) => fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': id } }).then((r) => r.status)),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    const lines = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; res?: { statusCode: number } });
    const byId = new Map<string, number>();
    for (const l of lines) if (l.reqId?.startsWith('last-')) byId.set(l.reqId, (byId.get(l.reqId) ?? 0) + 1);
    expect(ids.filter((id) => byId.get(id) !== 1)).toEqual([]);
    expect(lines.filter((l) => l.reqId === 'last-299')).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 200 } }),
    ]);
  });
});
