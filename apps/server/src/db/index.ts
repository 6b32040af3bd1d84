import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * PostgreSQL: keep the statement parsed and planned on each pooled connection (a named prepared statement), for hot
   * calls whose SQL comes in a small set of shapes (never SQL that varies with request text). PGlite ignores it.
   */
  prepared?: boolean;
}

/** The one database door: the same SQL runs on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  one<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T | null>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; anything thrown rolls all of it back. */
  tx<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Run = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Row[]>;

function wrap(run: Run): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) => (await run(sql, params, options)) as T[],
    one: async <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      ((await run(sql, params, options))[0] as T | undefined) ?? null,
  };
}

export async function openPglite(dataDir?: string): Promise<Db> {
  const lite = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, btree_gin },
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v, 1700: (v: string) => Number(v) },
  });
  let chain: Promise<unknown> = Promise.resolve();
  const run = async (sql: string, params?: unknown[]) => (await lite.query<Row>(sql, params as never[])).rows;
  return {
    kind: 'pglite',
    ...wrap(run),
    // PGlite has one connection: transactions are queued so that they never interleave.
    tx: <T>(work: (q: Queryable) => Promise<T>) => {
      const next = chain.then(() => lite.transaction(async (t) => work(wrap(async (s, p) => (await t.query<Row>(s, p as never[])).rows))));
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

/** One name per prepared SQL text: node-postgres prepares a name once per connection and refuses a name reused for other text. */
const statementNames = new Map<string, string>();

function statement(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig {
  if (!options?.prepared) return { text: sql, values: params };
  let name = statementNames.get(sql);
  if (!name) {
    name = `portico_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  const run: Run = async (sql, params, options) => (await pool.query(statement(sql, params, options))).rows as Row[];
  return {
    kind: 'postgres',
    ...wrap(run),
    tx: async <T>(work: (q: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(async (s, p, o) => (await client.query(statement(s, p, o))).rows as Row[]));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
