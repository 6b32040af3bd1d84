// The backup and restore of docs/operations.md, tested once end to end: a real PostgreSQL, the compiled server
// seeding the demo into it, `pg_dump --format=custom`, `pg_restore` into a new database, the same rows in every table,
// and the compiled server starting on the restored database (its sealed keys open) and answering /readyz.
// Run after `npm run build`: node scripts/check-backup-restore.mjs (PostgreSQL binaries from /usr/lib/postgresql).
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT } from './build-stamp.mjs';
import { startCluster, stopCluster } from './pg-cluster.mjs';

const PG_PORT = Number(process.env.BACKUP_CHECK_PG_PORT ?? 3136);
const APP_PORT = Number(process.env.BACKUP_CHECK_PORT ?? 3137);
const SECRET = Buffer.alloc(32, 7).toString('base64');
const cluster = startCluster(PG_PORT);
if (!cluster) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql');
const urlOf = (db) => cluster.url.replace(/\/[^/]*$/, `/${db}`);
const sql = async (db, text) => {
  const client = new pg.Client({ connectionString: urlOf(db) });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};

async function serveUntilReady(db) {
  const env = {
    ...process.env,
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: urlOf(db),
    PORTICO_SECRET_KEY: SECRET,
    LOG_LEVEL: 'warn',
    JOBS: 'off',
  };
  for (const name of ['NODE_ENV', 'PORTICO_ENV', 'PUBLIC_URL']) delete env[name];
  const server = spawn(process.execPath, [join(ROOT, 'apps/server/dist/server.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const until = Date.now() + 180_000;
  let status = 0;
  while (Date.now() < until && server.exitCode === null && status !== 200) {
    status = await fetch(`http://127.0.0.1:${APP_PORT}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  if (status !== 200) throw new Error(`the server on ${db} did not become ready`);
}

const counts = async (db) =>
  Object.fromEntries(
    await Promise.all(
      (await sql(db, "SELECT schemaname || '.' || tablename AS t FROM pg_tables WHERE schemaname IN ('public', 'pgboss') ORDER BY 1")).map(
        async ({ t }) => [t, Number((await sql(db, `SELECT count(*) AS n FROM ${t}`))[0].n)],
      ),
    ),
  );

let failed = false;
try {
  await sql('postgres', 'CREATE DATABASE portico');
  console.log('Seeding the demo into PostgreSQL through the compiled server ...');
  await serveUntilReady('portico');
  const dump = join(cluster.dir, 'portico.dump');
  const pgArgs = ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres'];
  execFileSync(join(cluster.bin, 'pg_dump'), [...pgArgs, '--format=custom', '--file', dump, 'portico']);
  await sql('postgres', 'CREATE DATABASE portico_restored');
  execFileSync(join(cluster.bin, 'pg_restore'), [...pgArgs, '--dbname', 'portico_restored', '--no-owner', '--exit-on-error', dump]);
  const [before, after] = [await counts('portico'), await counts('portico_restored')];
  const differ = Object.keys(before).filter((t) => before[t] !== after[t]);
  if (differ.length || Object.keys(before).length !== Object.keys(after).length) throw new Error(`row counts differ: ${differ.join(', ')}`);
  console.log(`Restored ${Object.keys(after).length} tables, ${Object.values(after).reduce((a, b) => a + b, 0)} rows, the same counts`);
  await serveUntilReady('portico_restored');
  console.log('PASS: the compiled server started on the restored database and answered /readyz');
} catch (error) {
  failed = true;
  console.error(`FAIL: ${error.message}`);
} finally {
  stopCluster(cluster);
}
console.log(failed ? '0 passed, 1 failed' : '1 passed, 0 failed');
process.exit(failed ? 1 : 0);
