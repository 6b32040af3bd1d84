import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './index';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** Forward-only SQL migrations, each applied once in its own transaction, under an advisory lock. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_on timestamptz NOT NULL DEFAULT now())');
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(4242001)');
    const done = new Set((await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations').catch(() => [])).map((r) => r.name));
  return migrationFiles().filter((f) => !done.has(f));
}

/** Splits on semicolons at the end of a line; migrations keep function bodies in $$ blocks on one statement. */
function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += `${line}\n`;
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
