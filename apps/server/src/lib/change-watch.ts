import type { Queryable } from '../db/index';
import { LazyLru } from './lazy-lru';
import { VersionedCache } from './read-versions';

/** The channel the database's triggers signal on (migration 1000, decision 0998). */
export const CHANGES_CHANNEL = 'portico_changes';
/** A cached answer is read again after this long even without a signal: a bound, not the mechanism. */
export const CACHE_SAFETY_TTL_MS = 10 * 60_000;

/** What follows a topic: told the key a signal names, or null for everything. */
export interface Follower {
  readonly topic: string;
  forget(key: string | null): void;
}

/**
 * What this instance has heard of changes to the database. The triggers of migration 1000 send the topic of every
 * write ('applications') or its topic and key ('account:42') at COMMIT; the instance's listening connection hands
 * them here, and each cache of the topic forgets the key (or everything). While the connection is down nothing is
 * heard, so the caches are bypassed (every read goes to the database) and emptied when it is back.
 */
export class ChangeWatch {
  private listening = false;
  /** Moves on with every signal of a topic, and for every topic on (dis)connection: a read that saw it move is not kept. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private readonly followers = new Set<Follower>();
  /** The topics kept at a database version where no signal is heard (`keepByVersion`). */
  private versioned: { db: Queryable; topics: Record<string, string> } | null = null;

  /** `clock` answers milliseconds (tests pass their own). */
  constructor(private readonly clock: { now(): number } = Date) {}

  get isListening(): boolean {
    return this.listening;
  }

  /** The listening connection is up (again): everything cached before may have missed signals. */
  connected(): void {
    this.listening = true;
    this.forgetAll();
  }

  disconnected(): void {
    this.listening = false;
    this.forgetAll();
  }

  /** One signal's payload: `topic` or `topic:key`. */
  signal(payload: string): void {
    const at = payload.indexOf(':');
    const topic = at < 0 ? payload : payload.slice(0, at);
    const key = at < 0 ? null : payload.slice(at + 1);
    this.generations.set(topic, (this.generations.get(topic) ?? 0) + 1);
    for (const follower of this.followers) if (follower.topic === topic) follower.forget(key);
  }

  /** A stamp that changes when the topic may have changed since it was taken. */
  stamp(topic: string): string {
    return `${this.epoch}.${this.generations.get(topic) ?? 0}`;
  }

  /**
   * Where no signal is heard (PostgreSQL), the caches of these topics are kept at a version the database moves
   * instead (migration 1178, decision 1177): `topic` -> the version's topic. The others read the database every call.
   */
  keepByVersion(db: Queryable, topics: Record<string, string>): void {
    this.versioned = { db, topics };
  }

  /** A cache of one topic's answers by key, at most `max` of them. */
  cache<V extends NonNullable<unknown>>(topic: string, max: number): ChangeCache<V> {
    const version = this.versioned?.topics[topic];
    const fallback = version && this.versioned ? new VersionedCache<V>(this.versioned.db, version, { max }) : null;
    const cache = new ChangeCache<V>(this, topic, max, this.clock, fallback);
    this.follow(cache);
    return cache;
  }

  follow(follower: Follower): void {
    this.followers.add(follower);
  }

  private forgetAll(): void {
    this.epoch += 1;
    for (const follower of this.followers) follower.forget(null);
  }
}

/** Answers of one topic by key, kept until a signal of the topic (and key) says they changed. */
export class ChangeCache<V extends NonNullable<unknown>> implements Follower {
  private readonly entries: LazyLru<string, V>;
  /** Loads under way by key: callers who miss together share one read. */
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly watch: ChangeWatch,
    readonly topic: string,
    max: number,
    clock: { now(): number },
    /** What answers while no signal is heard, when the topic has a version (null: the database, every call). */
    private readonly fallback: VersionedCache<V> | null = null,
  ) {
    this.entries = new LazyLru<string, V>({ max, ttl: CACHE_SAFETY_TTL_MS, ttlResolution: 0, perf: clock });
  }

  /** The kept answer, without waiting: undefined when none is kept or no signal is heard (then `get` reads). */
  peek(key: string): V | undefined {
    return this.watch.isListening ? this.entries.get(key) : undefined;
  }

  /**
   * The kept answer, or `load`'s (kept unless the topic changed while it ran). `keepMs` may shorten how long it is
   * kept (an answer that changes with time, at the next scheduled message); 0 or less keeps it not at all.
   */
  async get(key: string, load: () => Promise<V>, keepMs?: (value: V) => number): Promise<V> {
    if (!this.watch.isListening) return this.fallback ? this.fallback.get(key, load, keepMs) : load();
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const shared = this.loading.get(key);
    if (shared) return shared;
    const stamp = this.watch.stamp(this.topic);
    const loaded = load().then((value) => {
      const ttl = Math.min(CACHE_SAFETY_TTL_MS, keepMs ? keepMs(value) : CACHE_SAFETY_TTL_MS);
      if (ttl > 0 && this.watch.isListening && this.watch.stamp(this.topic) === stamp) this.entries.set(key, value, { ttl });
      return value;
    });
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  forget(key: string | null): void {
    // A load under way may have read before the change: later callers start their own.
    if (key === null) {
      this.loading.clear();
      this.entries.clear();
    } else {
      this.loading.delete(key);
      this.entries.delete(key);
    }
  }
}
