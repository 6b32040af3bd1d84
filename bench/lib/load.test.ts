import { describe, expect, it } from 'vitest';
import { honestLatency, type LoadResult } from './load';
import { meets } from './scenario';

const run = (r: Partial<LoadResult>): LoadResult => ({
  label: 'GET /x',
  connections: 50,
  durationSeconds: 10,
  requests: 1000,
  requestsPerSecond: 100,
  meanMs: 5,
  p50Ms: 4,
  p90Ms: 8,
  p99Ms: 12,
  maxMs: 30,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: 1000 },
  ...r,
});
const under100 = { metric: 'p99Ms', op: '<', target: 100, unit: 'ms', label: 'p99' } as const;

describe('the latencies a goal is judged by', () => {
  it('keeps a run whose calls were answered', () => {
    expect(honestLatency(run({}))).toEqual(run({}));
    expect(meets(under100, honestLatency(run({})).p99Ms)).toBe(true);
  });
  it('does not call a run with no answer met: every call timed out, so nothing was timed', () => {
    const none = honestLatency(run({ requests: 0, meanMs: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, maxMs: 0, errors: 42, timeouts: 42 }));
    expect(meets(under100, none.p99Ms)).toBeNull();
  });
  it('misses a latency goal when more than 1% of the calls timed out, and keeps p99 under 1%', () => {
    expect(meets(under100, honestLatency(run({ requests: 980, timeouts: 20 })).p99Ms)).toBe(false);
    expect(meets(under100, honestLatency(run({ requests: 995, timeouts: 5 })).p99Ms)).toBe(true);
  });
});
