import { LRUCache } from 'lru-cache';

/**
 * An LRU cache made at its first write. lru-cache lays out arrays of `max` slots as it is made, and an app makes about
 * a dozen caches of up to 100,000 slots; an instance that never fills one (the API tests build some hundreds) paid a
 * fifth of its build for them (decision 1179). Reads, deletes and clears of a cache not yet made cost nothing.
 */
export class LazyLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private made: LRUCache<K, V> | null = null;

  constructor(private readonly options: LRUCache.Options<K, V, unknown>) {}

  get(key: K): V | undefined {
    return this.made?.get(key);
  }

  set(key: K, value: V, options?: LRUCache.SetOptions<K, V, unknown>): void {
    this.made ??= new LRUCache<K, V>(this.options);
    this.made.set(key, value, options);
  }

  delete(key: K): void {
    this.made?.delete(key);
  }

  clear(): void {
    this.made?.clear();
  }
}
