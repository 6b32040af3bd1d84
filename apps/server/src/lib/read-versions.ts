import type { Queryable } from '../db/index';
import { batched } from './batch';
import { LazyLru } from './lazy-lru';

/** What a topic's answers are kept at most, whatever the version says: a bound, not the mechanism. */
export const VERSIONED_SAFETY_TTL_MS = 60_000;

type VersionOf = (topic: string) => Promise<number | undefined>;
const readers = new WeakMap<Queryable, VersionOf>();

/**
 * The versions asked for in one turn of the event loop, read in one query sent after the turn (lib/batch.ts): every
 * caller of the turn had started before it was sent, so it sees every write committed before any of their requests
 * came in, as a query of their own would. Under load that is one query per turn, not one per call.
 */
function versionReader(db: Queryable): VersionOf {
  let reader = readers.get(db);
  if (!reader) {
    reader = batched(async (topics: string[]) => {
      const rows = await db.queryPrepared<{ topic: string; version: number }>(
        'SELECT topic, version FROM read_versions WHERE topic = ANY($1::text[])',
        [topics],
      );
      return new Map(rows.map((r) => [r.topic, Number(r.version)]));
    });
    readers.set(db, reader);
  }
  return reader;
}

interface Kept<V> {
  version: number;
  value: V;
}

/**
 * Answers of one topic by key, each kept with the version of the topic it was read at (migration 1177, decision 1177).
 * A call for a kept answer reads the topic's version from the database first (one indexed row, batched per turn) and
 * is answered from here only when the version has not moved: a committed write is seen by the next call of every
 * instance, on PGlite and on PostgreSQL alike, where the change signals of decision 0998 reach one instance only. A
 * call for a key with nothing kept reads its answer at once (decision 1193). A topic without a version row is never
 * kept.
 */
export class VersionedCache<V extends NonNullable<unknown>> {
  private readonly entries: LazyLru<string, Kept<V>>;
  /** Loads under way by key, with the version they started at: callers at that same version share one read. */
  private readonly loading = new Map<string, { version: number; value: Promise<V> }>();
  private readonly versionOf: VersionOf;
  private readonly ttlMs: number;
  /** The newest version of the topic this cache has read (undefined: none yet, or the topic has no row). */
  private lastSeen: number | undefined;

  /** `weigh` (with `maxWeight`) bounds the entries by their size, for answers of very different sizes. */
  constructor(
    db: Queryable,
    readonly topic: string,
    options: { max: number; maxWeight?: number; weigh?: (value: V) => number; ttlMs?: number },
  ) {
    const { max, maxWeight, weigh, ttlMs = VERSIONED_SAFETY_TTL_MS } = options;
    this.versionOf = versionReader(db);
    this.ttlMs = ttlMs;
    this.entries = new LazyLru<string, Kept<V>>({
      max,
      ttl: ttlMs,
      ...(maxWeight && weigh ? { maxSize: maxWeight, sizeCalculation: (kept: Kept<V>) => Math.max(1, weigh(kept.value)) } : {}),
    });
  }

  /**
   * The answer kept at the topic's current version, or `load`'s, kept at that version. `keepMs` may shorten how long
   * it is kept (an answer that changes with time); 0 or less keeps it not at all.
   */
  async get(key: string, load: () => Promise<V>, keepMs?: (value: V) => number): Promise<V> {
    // A key neither kept nor being read (a new token's first check) has nothing to compare a version with: its read
    // starts at once, not after the version's, and is kept at the version last read, which was read before it
    // started (decision 1193).
    const kept = this.entries.get(key);
    if (!kept && this.lastSeen !== undefined && !this.loading.has(key)) return this.loadAt(key, this.lastSeen, load, keepMs);
    // A topic without a version row keeps nothing.
    const version = await this.versionOf(this.topic);
    if (version === undefined) return load();
    if (this.lastSeen === undefined || version > this.lastSeen) this.lastSeen = version;
    const now = this.entries.get(key);
    if (now && now.version === version) return now.value;
    const shared = this.loading.get(key);
    if (shared && shared.version === version) return shared.value;
    return this.loadAt(key, version, load, keepMs);
  }

  /**
   * `load`'s answer, kept at `version`, a version read before the load started. An answer kept at `version` may hold
   * later rows too (read after a later COMMIT): the next call sees the newer version and reads again. Never an older
   * answer under a newer version.
   */
  private async loadAt(key: string, version: number, load: () => Promise<V>, keepMs?: (value: V) => number): Promise<V> {
    const value = load().then((loaded) => {
      const now = this.entries.get(key);
      const ttl = keepMs ? Math.min(this.ttlMs, keepMs(loaded)) : this.ttlMs;
      if (ttl > 0 && (!now || now.version <= version)) this.entries.set(key, { version, value: loaded }, { ttl });
      return loaded;
    });
    this.loading.set(key, { version, value });
    try {
      return await value;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }
}
