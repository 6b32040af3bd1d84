import { describe, expect, it } from 'vitest';
import { cpuPerCall, sliceShare, turnOrder } from './slices';

const slice = (requests: number, seconds = 2, cpuUs = 0) => ({ requests, seconds, cpuUs });

describe('interleaved slices of the pipeline section (issue 33)', () => {
  it("divides the call's rate by the bare route's over the same turns, whatever the machine did between them", () => {
    // The machine ran at half speed in the second turn: both halved, and the share is the same in each.
    const bare = [slice(60_000), slice(30_000)];
    const call = [slice(24_000), slice(12_000)];
    expect(sliceShare(call, bare)).toEqual({ share: 40, lowest: 40, highest: 40 });
  });

  it('weighs each turn by its requests and seconds, and names the spread of the turns', () => {
    const bare = [slice(50_000, 2), slice(50_000, 2)];
    const call = [slice(20_000, 2), slice(30_000, 2)];
    const { share, lowest, highest } = sliceShare(call, bare);
    expect(share).toBeCloseTo(50, 10);
    expect([lowest, highest]).toEqual([40, 60]);
    // A slice of another length counts by its own rate.
    expect(sliceShare([slice(10_000, 1)], [slice(40_000, 2)]).share).toBeCloseTo(50, 10);
  });

  it('refuses slices that do not pair up', () => {
    expect(() => sliceShare([slice(1)], [])).toThrow(/1 slices of the call against 0/);
    expect(() => sliceShare([], [])).toThrow();
  });

  it('gives the CPU a call of all the slices, and none for slices that answered nothing', () => {
    expect(cpuPerCall([slice(1_000, 2, 100_000), slice(3_000, 2, 200_000)])).toBe(75);
    expect(cpuPerCall([slice(0, 2, 5_000)])).toBe(0);
  });

  it('rotates the order of the targets at each turn', () => {
    const targets = ['bare', 'info', 'warn'];
    expect([0, 1, 2, 3].map((turn) => turnOrder(targets, turn).join(','))).toEqual([
      'bare,info,warn',
      'info,warn,bare',
      'warn,bare,info',
      'bare,info,warn',
    ]);
  });
});
