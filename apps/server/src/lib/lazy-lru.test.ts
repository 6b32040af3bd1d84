import { describe, expect, it } from 'vitest';
import { LazyLru } from './lazy-lru';

describe('LazyLru', () => {
  it('answers nothing and forgets nothing before its first write, then keeps at most max entries, least recent out', () => {
    const cache = new LazyLru<string, number>({ max: 2 });
    expect(cache.get('a')).toBeUndefined();
    cache.delete('a');
    cache.clear();
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('passes its options and a write’s own to lru-cache: a disposed entry is reported, a write’s ttl applies', () => {
    const disposed: string[] = [];
    let now = 1_000;
    const cache = new LazyLru<string, number>({
      max: 1,
      ttlResolution: 0,
      perf: { now: () => now },
      dispose: (_v, key) => disposed.push(key),
    });
    cache.set('a', 1, { ttl: 10 });
    cache.set('b', 2);
    expect(disposed).toEqual(['a']);
    cache.set('b', 2, { ttl: 10 });
    now = 1_011;
    expect(cache.get('b')).toBeUndefined();
  });
});
