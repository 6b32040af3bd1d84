import { createHash } from 'node:crypto';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { pglitePrepared } from './pglite-prepared';

export type Row = Record<string, unknown>;

/** The one database door: the same SQL runs on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Row>(sql: string, params?: unknown[]): Promise<T | null>;
  /**
   * A hot read whose one generic plan serves every value (parameters compared with `=` and ranges; a LIKE pattern
   * only where measured, decision 0205), outside transactions: planned once and reused (decision 0001). Inside a
   * transaction the same as `query`.
   */
  queryPrepared<T = Row>(sql: string, params: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** What the job queue (plugins/jobs.ts) connects to: this very PGlite instance, or the same PostgreSQL. */
  jobTarget: { pglite: PGlite } | { url: string };
  /** Runs `work` in one transaction; anything thrown rolls all of it back. */
  tx<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the connections of each pool in use, idle, and the callers waiting for one (/metrics). */
  poolStats?(): Array<{ pool: string; inUse: number; idle: number; waiting: number }>;
}

function wrap(run: (sql: string, params?: unknown[]) => Promise<Row[]>): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await run(sql, params)) as T[],
    one: async <T>(sql: string, params?: unknown[]) => ((await run(sql, params))[0] as T | undefined) ?? null,
    queryPrepared: async <T>(sql: string, params: unknown[]) => (await run(sql, params)) as T[],
  };
}

/**
 * PGlite runs each query on this thread, and its promises settle at once: a job's loop of queries went on in
 * microtasks and never let the event loop turn. A fresh demo portal answered nothing, not even /healthz, for 12 s after
 * it was ready, while its first jobs ran (decision 1180). Every query first lets the event loop turn once when this
 * long has passed since its last turn, so requests are served between a job's queries.
 */
const PGLITE_TURN_MS = 10;

function eventLoopTurns(everyMs: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * The embedded database, in `dataDir` or in memory; `image` is a dumped data directory to start from (the tests'
 * migrated one).
 * `sharedBuffers` overrides PostgreSQL's 128MB of shared buffers: the API tests open some hundred small databases, and
 * a start spent a third of its CPU laying out 128MB it never fills (1.7 s against 1.05 s at 8MB; decision 1170).
 * `initDbParams` are added to initdb's arguments when the database is new (the tests' image: 1MB WAL segments).
 */
export async function openPglite(
  dataDir?: string,
  image?: Blob,
  options: { sharedBuffers?: string; initDbParams?: string[] } = {},
): Promise<Db> {
  const lite = await PGlite.create({
    dataDir,
    loadDataDir: image,
    initDbStartParams: options.initDbParams,
    ...(options.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {}),
    extensions: { pg_trgm, btree_gin },
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v, 1700: (v: string) => Number(v) },
  });
  // This one session is every writer: the triggers of migration 1000 signal its changes to the read caches (decision 0998).
  await lite.exec("SET portico.change_signals TO 'on'");
  let chain: Promise<unknown> = Promise.resolve();
  const turn = eventLoopTurns(PGLITE_TURN_MS);
  const run = async (sql: string, params?: unknown[]) => {
    await turn();
    return (await lite.query<Row>(sql, params as never[])).rows;
  };
  const prepared = pglitePrepared(lite);
  return {
    kind: 'pglite',
    jobTarget: { pglite: lite },
    ...wrap(run),
    queryPrepared: async <T>(sql: string, params: unknown[]) => {
      await turn();
      return prepared<T>(sql, params);
    },
    // PGlite has one connection: transactions are queued so that they never interleave.
    tx: <T>(work: (q: Queryable) => Promise<T>) => {
      const inTx = (t: Transaction) => async (s: string, p?: unknown[]) => {
        await turn();
        return (await t.query<Row>(s, p as never[])).rows;
      };
      const next = chain.then(() => lite.transaction(async (t) => work(wrap(inTx(t)))));
      chain = next.catch(() => undefined);
      return next as Promise<T>;
    },
    close: () => lite.close(),
  };
}

// Calendar dates stay 'YYYY-MM-DD' text and bigints/numerics become numbers, on both engines alike.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

/** Statement names by text: the same text always gets the same name, on every connection. */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** The options of every connection Portico opens to PostgreSQL, the job queue's included (decisions 1185 and 1187). */
export const NO_JIT = '-c jit=off';

/** `max`: connections of each of the two pools (`DATABASE_POOL_SIZE`, config.ts). */
export async function openPostgres(url: string, max: number): Promise<Db> {
  // No JIT compilation on Portico's connections (decision 1185): its queries are short reads and writes, and LLVM's
  // compile of one of them took 15-45 ms where the query ran in 0.1 ms. A one-row table never analysed crossed
  // jit_above_cost and made every new token's first call pay it.
  const pool = new pg.Pool({ connectionString: url, max, options: NO_JIT });
  // Prepared reads go to connections of their own that keep generic plans: PostgreSQL would otherwise plan a named
  // statement again on every call whenever a plan for the values looks cheaper, and planning can cost more than the
  // read (0.7 instead of 1.4 ms for an agent search). Nothing else runs there, so no other query loses its plan for
  // the values. The pool opens its connections on first use.
  const preparedPool = new pg.Pool({ connectionString: url, max, options: `${NO_JIT} -c plan_cache_mode=force_generic_plan` });
  // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) emits 'error' on its pool; with
  // no listener that event ended the process. The pool drops the connection and opens another on the next query.
  for (const [name, p] of [
    ['main', pool],
    ['prepared', preparedPool],
  ] as const) {
    p.on('error', (error) =>
      console.error(JSON.stringify({ level: 40, time: Date.now(), pool: name, msg: `idle PostgreSQL connection lost: ${error.message}` })),
    );
  }
  const run = async (sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as Row[];
  return {
    kind: 'postgres',
    jobTarget: { url },
    ...wrap(run),
    queryPrepared: async <T>(text: string, values: unknown[]) =>
      (await preparedPool.query({ name: statementName(text), text, values })).rows as T[],
    tx: async <T>(work: (q: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      // Ended between two statements of the transaction, the connection emits 'error' on the checked-out client;
      // the next statement then fails, and the transaction with it.
      const lost = () => undefined;
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const result = await work(wrap(async (s, p) => (await client.query(s, p)).rows as Row[]));
        await client.query('COMMIT');
        client.off('error', lost);
        client.release();
        return result;
      } catch (error) {
        // A connection that cannot even roll back is broken (its server went away): destroy it, never reuse it.
        const broken = await client.query('ROLLBACK').then(
          () => undefined,
          (rollbackError: Error) => rollbackError,
        );
        client.off('error', lost);
        client.release(broken);
        throw error;
      }
    },
    close: async () => {
      await Promise.all([pool.end(), preparedPool.end()]);
    },
    poolStats: () =>
      (
        [
          ['main', pool],
          ['prepared', preparedPool],
        ] as const
      ).map(([name, p]) => ({ pool: name, inUse: p.totalCount - p.idleCount, idle: p.idleCount, waiting: p.waitingCount })),
  };
}
