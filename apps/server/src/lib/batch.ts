type Waiter<V> = [(value: V | undefined) => void, (error: unknown) => void];

/** Keys gathered into one read at most: a batch of this many goes at once, without waiting for the turn's end. */
const MAX_BATCH = 500;

/**
 * Gathers the keys asked for during one turn of the event loop and reads them with one call (issue 33): the first
 * calls of many new tokens at once (a morning's sign-ins, a restart) then cost one query of each kind per turn
 * instead of one each. On PGlite, one connection on the server's own thread, a query's fixed cost is most of a
 * point read's. A key asked for twice in a turn is read once; a failed read fails every caller of its batch.
 */
export function batched<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Array<Waiter<V>>> | null = null;

  const run = async (batch: Map<K, Array<Waiter<V>>>) => {
    try {
      const found = await readMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const [resolve] of waiters) resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const [, reject] of waiters) reject(error);
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        const batch = new Map<K, Array<Waiter<V>>>();
        pending = batch;
        setImmediate(() => {
          if (pending !== batch) return;
          pending = null;
          void run(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push([resolve, reject]);
      else pending.set(key, [[resolve, reject]]);
      if (pending.size >= MAX_BATCH) {
        const full = pending;
        pending = null;
        void run(full);
      }
    });
}
