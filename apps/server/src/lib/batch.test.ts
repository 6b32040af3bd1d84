import { describe, expect, it } from 'vitest';
import { batched } from './batch';

describe('batched reads (issue 33)', () => {
  it('reads the keys asked for in one turn with one call, each key once, and answers each caller', async () => {
    const calls: number[][] = [];
    const read = batched(async (keys: number[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, `v${k}`]));
    });
    const answers = await Promise.all([read(1), read(2), read(1), read(3)]);
    expect(answers).toEqual(['v1', 'v2', 'v1', undefined]);
    expect(calls).toEqual([[1, 2, 3]]);
    // A later turn is a new batch.
    expect(await read(4)).toBe('v4');
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('fails every caller of a batch whose read fails, and reads the next batch afresh', async () => {
    let fail = true;
    const read = batched(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k.length]));
    });
    const results = await Promise.allSettled([read('a'), read('bb')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('ccc')).toBe(3);
  });

  it('sends a full batch at once and starts another', async () => {
    const sizes: number[] = [];
    const read = batched(async (keys: number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    });
    const answers = await Promise.all(Array.from({ length: 501 }, (_, i) => read(i)));
    expect(answers[500]).toBe(500);
    expect(sizes).toEqual([500, 1]);
  });
});
