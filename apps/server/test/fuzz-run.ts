import type { Db } from '../src/db/index';
import { DATABASE_REFUSED } from '../src/plugins/errors';
import type { TestContext } from './context';
import type { FuzzRequest } from './fuzz-values';

/** Text that must never reach a caller: a stack frame, SQL, a driver's or the router's own words. */
const LEAK =
  /\n\s+at |at [\w.<>]+ \(|node_modules|\/src\/|\.ts:\d+|\bSELECT\b|\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE \w+ SET\b|syntax error|invalid input syntax|violates|relation "|column "|SQLSTATE|FST_ERR|out of range for type|unsupported Unicode/;

/**
 * Counters of rate limits: a limiter counts every try before the request is judged, refused ones included, so their
 * writes are the point and not a half-written request.
 */
const BOOKKEEPING = ['fuzz_writes', 'rate_limit_counters', 'report_member_search_limits'];

/**
 * Every row written from now on, by table: a row trigger on each table of the public schema notes the table's name
 * in a log of its own (transactional, so a write rolled back leaves no note). Returns a reader of the log's length
 * and of the tables noted since a given length.
 */
export async function watchWrites(db: Db): Promise<{ count(): Promise<number>; tablesSince(n: number): Promise<string[]> }> {
  await db.query('CREATE TABLE fuzz_writes (n bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tbl text NOT NULL)');
  await db.query(`CREATE FUNCTION fuzz_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO fuzz_writes (tbl) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`);
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND NOT (tablename = ANY($1)) ORDER BY tablename",
    [BOOKKEEPING],
  );
  for (const { name } of tables) {
    await db.query(`CREATE TRIGGER fuzz_note AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_note()`);
  }
  return {
    count: async () => Number((await db.one<{ n: string | null }>('SELECT max(n)::text AS n FROM fuzz_writes'))?.n ?? 0),
    tablesSince: async (n) =>
      (await db.query<{ tbl: string }>('SELECT DISTINCT tbl FROM fuzz_writes WHERE n > $1 ORDER BY tbl', [n])).map((r) => r.tbl),
  };
}

export interface FuzzFailure {
  request: string;
  status: number;
  problem: string;
  body: string;
}

/** Sends the requests in order and reports every 5xx, every leak in a body and every write after a refusal. */
export async function runFuzz(
  ctx: TestContext,
  requests: FuzzRequest[],
  headers: Record<string, string>,
  writes: Awaited<ReturnType<typeof watchWrites>>,
): Promise<{ failures: FuzzFailure[]; statuses: Record<number, number> }> {
  const failures: FuzzFailure[] = [];
  const statuses: Record<number, number> = {};
  let before = await writes.count();
  for (const r of requests) {
    const res = await ctx.app.inject({
      method: r.method as 'GET',
      url: r.url,
      payload: r.payload,
      headers: { ...headers, ...(r.contentType ? { 'content-type': r.contentType } : {}) },
    });
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const name = `${r.method} ${r.url.slice(0, 120)} [${r.label}]`;
    const fail = (problem: string) => failures.push({ request: name, status: res.statusCode, problem, body: res.body.slice(0, 300) });
    if (res.statusCode >= 500) fail('5xx');
    if (res.body.includes(DATABASE_REFUSED)) fail('refused by the database, not by validation');
    const leak = LEAK.exec(res.body);
    if (leak && res.statusCode >= 400) fail(`leak: ${leak[0]}`);
    if (res.statusCode >= 400 && !/^\{"isSuccessful":false/.test(res.body) && res.headers['content-type']?.toString().includes('json')) {
      fail('not the error envelope');
    }
    const after = await writes.count();
    if (res.statusCode >= 400 && after !== before) fail(`write after refusal: ${(await writes.tablesSince(before)).join(', ')}`);
    before = after;
  }
  return { failures, statuses };
}
