import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/context';
import type { Db } from './index';
import { MIGRATIONS_DIR, MigrationChanged, migrate, migrationChecksum, migrationFiles } from './migrate';

const EDITED = '0221_registered_search_by_status.sql';
const REPAIR = '1020_repair_edited_migrations.sql';

describe('migrations cannot drift (decision 1020)', () => {
  let db: Db;
  const dirs: string[] = [];
  /** The migrations as a release would ship them, in a folder of their own that a test may change. */
  const copyOfMigrations = () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    dirs.push(dir);
    return dir;
  };
  const recorded = async () =>
    new Map(
      (await db.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).map((r) => [
        r.name,
        r.checksum,
      ]),
    );
  const expected = () => new Map(migrationFiles().map((f) => [f, migrationChecksum(readFileSync(join(MIGRATIONS_DIR, f), 'utf8'))]));

  beforeEach(async () => {
    db = await openTestDb();
  });
  afterEach(async () => {
    await db.close();
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('records the checksum of every migration it applies', async () => {
    expect(await recorded()).toEqual(expected());
  });

  it('records the checksums of a database migrated before they were kept, on its first start, without an alarm', async () => {
    await db.query('ALTER TABLE schema_migrations DROP COLUMN checksum');
    expect(await migrate(db)).toEqual([]);
    expect(await recorded()).toEqual(expected());
    expect(await migrate(db)).toEqual([]);
  });

  it('refuses a database whose applied migration file changed, naming the file, and applies nothing', async () => {
    const dir = copyOfMigrations();
    const path = join(dir, EDITED);
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('(office_id, registered_status, id DESC)', '(office_id, registered_status, id)'),
    );
    writeFileSync(join(dir, '9999_after_the_edit.sql'), 'CREATE TABLE after_the_edit (id integer);\n');
    const refused = await migrate(db, dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MigrationChanged);
    expect((refused as Error).message).toContain(`migration ${EDITED} was changed after it was applied`);
    expect(await db.one("SELECT to_regclass('after_the_edit') IS NOT NULL AS found")).toEqual({ found: false });
    expect((await recorded()).has('9999_after_the_edit.sql')).toBe(false);
  });

  it('takes a checkout with CRLF line ends for the same file', async () => {
    const dir = copyOfMigrations();
    const path = join(dir, EDITED);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/\n/g, '\r\n'));
    expect(await migrate(db, dir)).toEqual([]);
  });

  it('leaves alone what a newer release applied (a roll-back runs the older image)', async () => {
    await db.query("INSERT INTO schema_migrations (name, checksum) VALUES ('9998_newer_release.sql', 'abc')");
    expect(await migrate(db)).toEqual([]);
  });

  it('repairs a database migrated by the first texts of 0221 and 0400 and leaves a current one as it is', async () => {
    const officeIndex = () =>
      db.one<{ oid: number; def: string }>(
        "SELECT c.oid::int AS oid, pg_get_indexdef(c.oid) AS def FROM pg_class c WHERE c.oid = to_regclass('registered_listings_office_idx')",
      );
    const hasCodeFactor = async () =>
      Boolean(
        await db.one(
          "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'sign_in_challenges' AND column_name = 'code_factor_id'",
        ),
      );
    const current = await officeIndex();
    await db.query('DELETE FROM schema_migrations WHERE name = $1', [REPAIR]);
    expect(await migrate(db)).toEqual([REPAIR]);
    expect(await officeIndex()).toEqual(current);

    // What 0221's first text and 0400's first text left behind.
    await db.query('DROP INDEX registered_listings_office_idx');
    await db.query('CREATE INDEX registered_listings_office_idx ON registered_listings (office_id, registered_status)');
    await db.query('ALTER TABLE sign_in_challenges DROP COLUMN code_factor_id');
    await db.query('DELETE FROM schema_migrations WHERE name = $1', [REPAIR]);
    expect(await migrate(db)).toEqual([REPAIR]);
    expect((await officeIndex())?.def).toMatch(/USING btree \(office_id, registered_status, id DESC\)$/);
    expect(await hasCodeFactor()).toBe(true);
  });
});
