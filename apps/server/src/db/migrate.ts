import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartRefused } from '../production';
import type { Db, Queryable } from './index';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** SHA-256 of a migration's text with its line ends as LF, so a Windows checkout (CRLF) hashes as the repository does. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** A migration applied to this database whose file is no longer the one that ran (decision 1020): the start stops. */
export class MigrationChanged extends StartRefused {
  constructor(
    readonly file: string,
    recorded: string,
    current: string,
  ) {
    super(
      `Refusing to start: migration ${file} was changed after it was applied to this database ` +
        `(checksum ${recorded.slice(0, 12)} recorded, ${current.slice(0, 12)} in the file). ` +
        'An applied migration never changes: restore the file as released and put the change in a new migration ' +
        '(docs/decisions/1020-migrations-cannot-drift.md).',
    );
  }
}

/**
 * Forward-only SQL migrations, each applied once in its own transaction, under an advisory lock. First validates, as
 * Flyway's validate does, that every applied migration's file still has the checksum recorded when it ran; a
 * migration applied before checksums were recorded gets its file's checksum now (nothing to compare it with).
 * A recorded migration with no file here is a newer release's (a roll-back runs the older image): it is left alone.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_on timestamptz NOT NULL DEFAULT now())');
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(4242001)');
    await ensureChecksumColumn(q);
    const recorded = new Map(
      (await q.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).map((r) => [
        r.name,
        r.checksum,
      ]),
    );
    for (const file of migrationFiles(dir)) {
      const sql = readFileSync(join(dir, file), 'utf8');
      const checksum = migrationChecksum(sql);
      if (recorded.has(file)) {
        const was = recorded.get(file);
        if (was == null) await q.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [file, checksum]);
        else if (was !== checksum) throw new MigrationChanged(file, was, checksum);
        continue;
      }
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, checksum]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * The migrator owns its table, as Flyway owns its history table: the column is added here, before any migration
 * runs, and only when missing (an ALTER takes a lock that would hold other instances' /readyz for the whole run).
 */
async function ensureChecksumColumn(q: Queryable): Promise<void> {
  const found = await q.one(
    "SELECT 1 AS found FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'schema_migrations' AND column_name = 'checksum'",
  );
  if (!found) await q.query('ALTER TABLE schema_migrations ADD COLUMN checksum text');
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
