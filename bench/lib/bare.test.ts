import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startBareServer } from './bare';
import { processCpuMs } from './cpu';

describe('the bare yardstick (decisions 1189, 1199)', () => {
  it('gives the pid of the process that answers, whose CPU time grows with the calls it answers', { timeout: 60_000 }, async () => {
    const bare = await startBareServer(39_000 + Math.floor(Math.random() * 1000));
    try {
      const cmdline = readFileSync(`/proc/${bare.pid}/cmdline`, 'utf8').split('\0');
      // Node itself runs the TypeScript file, with no loader: under tsx's, most of its processes paid 36 runtime calls
      // a request more in Node's ticks (decision 1199).
      expect(cmdline[0]).toBe(process.execPath);
      expect(cmdline[1]).toMatch(/bare-process\.ts$/);
      expect(cmdline).not.toContain('tsx');
      const before = processCpuMs(bare.pid);
      for (let i = 0; i < 40; i++) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${bare.url}/bare`).then((r) => r.json())));
        expect(answers.every((a) => a.isSuccessful === true)).toBe(true);
      }
      // Through tsx's wrapper, the pid was a process that only relays signals: its CPU did not move with the calls.
      expect(processCpuMs(bare.pid) - before).toBeGreaterThanOrEqual(50);
    } finally {
      await bare.close();
    }
  });
});
