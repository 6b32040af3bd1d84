import { describe, expect, it } from 'vitest';
import { durationsFromLog, journeyFiles, readDurations, splitJourneys } from './e2e-split.mjs';

describe('the journeys split between the two database passes (decision 1065)', () => {
  it('runs every spec file once, in one pass or the other, the EULA publisher last in the first', () => {
    const files = journeyFiles();
    const [first, second] = splitJourneys(files, readDurations());
    const all = [...first.files, ...first.last, ...second.files, ...second.last].sort();
    expect(all).toEqual(files);
    expect(first.last).toEqual(['eula-publish.last.spec.ts']);
    expect(second.last).toEqual([]);
    expect(new Set([...first.files, ...second.files]).size).toBe(first.files.length + second.files.length);
  });

  it('balances the measured seconds, longest first, and gives the same split every time', () => {
    const durations = { 'a.spec.ts': 100, 'b.spec.ts': 60, 'c.spec.ts': 50, 'd.spec.ts': 10, 'z.last.spec.ts': 20 };
    const [first, second] = splitJourneys(Object.keys(durations), durations);
    // z (last) 20 in the first; a 100 to the second; b, then c, to the first (80, 130); d to the second (110).
    expect(first).toEqual({ files: ['b.spec.ts', 'c.spec.ts'], last: ['z.last.spec.ts'], seconds: 130 });
    expect(second).toEqual({ files: ['a.spec.ts', 'd.spec.ts'], last: [], seconds: 110 });
    expect(splitJourneys(Object.keys(durations).reverse(), durations)).toEqual([first, second]);
  });

  it('counts a file not measured yet as the median of the measured ones', () => {
    const [first, second] = splitJourneys(['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'new.spec.ts'], {
      'a.spec.ts': 30,
      'b.spec.ts': 20,
      'c.spec.ts': 10,
    });
    expect(first.seconds + second.seconds).toBe(80);
    expect(Math.abs(first.seconds - second.seconds)).toBe(0);
  });

  it('reads the seconds per file from a CI log, the longer pass where a file ran in both', () => {
    const log = [
      '[PGlite]   \u001b[32m✓\u001b[39m    1 [journeys] › tests/account.spec.ts:8:3 › signs in (12.5s)',
      '[PGlite]   ✓    2 [journeys] › tests/account.spec.ts:40:3 › changes the password (500ms)',
      '[PostgreSQL]   ✓    1 [journeys] › tests/account.spec.ts:8:3 › signs in (9.0s)',
      '[PostgreSQL]   ✘    7 [journeys] › tests/shell.spec.ts:4:3 › public screens (1.2m)',
      '[PGlite]   ✓  125 [last] › tests/eula-publish.last.spec.ts:14:1 › MLS staff publish (14.4s)',
      '[PGlite]   125 passed (25.1m)',
    ].join('\n');
    expect(durationsFromLog(log)).toEqual({ 'account.spec.ts': 13, 'eula-publish.last.spec.ts': 14, 'shell.spec.ts': 72 });
  });
});
