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
 * Every call reads the topic's version from the database first (one indexed row, batched per turn) and is answered from here only when
 * the version has not moved: a committed write is seen by the next call of every instance, on PGlite and on
 * PostgreSQL alike, where the change signals of decision 0998 reach one instance only. A topic without a version row
 * is never kept.
 */
export class VersionedCache<V extends NonNullable<unknown>> {
  private readonly entries: LazyLru<string, Kept<V>>;
  /** Loads under way by key, with the version they started at: callers at that same version share one read. */
  private readonly loading = new Map<string, { version: number; value: Promise<V> }>();
  private readonly versionOf: VersionOf;
  private readonly ttlMs: number;

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
    // A topic without a version row keeps nothing.
    const version = await this.versionOf(this.topic);
    if (version === undefined) return load();
    const kept = this.entries.get(key);
    if (kept && kept.version === version) return kept.value;
    const shared = this.loading.get(key);
    if (shared && shared.version === version) return shared.value;
    // An answer read at `version` may hold later rows too (read after a later COMMIT): the next call sees the newer
    // version and reads again. Never an older answer under a newer version: the version is read first.
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
