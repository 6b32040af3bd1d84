import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openPglite, openPostgres } from '../src/db/index';
import { MIGRATIONS_DIR, migrate, migrationFiles } from '../src/db/migrate';
import { loadIdentityKeys } from '../src/identity/keys';
import { samlUrls } from '../src/modules/saml/entities';
import { loadSamlKeys } from '../src/modules/saml/keys';

/**
 * Fresh, migrated test databases, with the migrations run once per schema instead of once per database (a PGlite
 * database took 2.7 s to start and migrate, 0.7 s to load migrated; the suite opens some hundreds).
 * - PGlite: the first test to need one migrates a database and writes its data directory to a tarball in the temporary
 *   directory, named by a hash of the migrations and PGlite's version; every database after it loads that tarball.
 * - PostgreSQL: a template database named by the same hash, migrated once under an advisory lock; each test database is
 *   `CREATE DATABASE ... TEMPLATE` of it.
 * A changed migration changes the hash, so no test ever runs on an old schema.
 * The image holds the identity provider's keys too (the OIDC signing and cookie keys, the SAML signing key and its
 * certificate, sealed under the development key): an instance finds them and makes none, where each test context
 * made two RSA keys and a certificate before (issue 27, decision 1025). The key files are part of the hash.
 */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/** A test database holds a few hundred rows: 8MB of shared buffers start in two thirds of the time of 128MB (decision 1170). */
const TEST_SHARED_BUFFERS = '8MB';

export async function openTestDb(): Promise<Db> {
  if (TEST_DB === 'pglite') return openPglite(undefined, await pgliteImage(), { sharedBuffers: TEST_SHARED_BUFFERS });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = await postgresTemplate(adminUrl);
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`).finally(() => admin.close());
  return openPostgres(databaseUrl(adminUrl, name), 5);
}

function schemaHash(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of migrationFiles()) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  for (const file of KEY_SOURCES) hash.update(readFileSync(new URL(file, import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/** The files whose change makes a new image: the key makers, and this file's own recipe (slimImage). */
const KEY_SOURCES = ['../src/identity/keys.ts', '../src/modules/saml/keys.ts', './test-db.ts'];
/** The public URL of the API tests' instances (context.ts), which names the SAML certificate. */
const TEST_PUBLIC_URL = 'http://127.0.0.1:3999';

/** Migrates a new database and makes the provider's keys in it, as the first instance to start would. */
async function migrateWithKeys(db: Db): Promise<void> {
  await migrate(db);
  await loadIdentityKeys(db);
  await loadSamlKeys(db, { entityId: samlUrls(TEST_PUBLIC_URL).entityId });
}

let image: Promise<Blob> | undefined;

/**
 * The migrated image, read from the temporary directory or built there. The API project's global setup
 * (test/global-setup.ts) builds it once before the workers start, where three workers each built it before (9 s of CPU
 * each); a worker builds it only when run without that setup.
 */
export function pgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const path = join(tmpdir(), `portico-test-pglite-${schemaHash()}.tar`);
    if (existsSync(path)) return new Blob([await readFile(path)]);
    const db = await openPglite(undefined, undefined, { initDbParams: ['--wal-segsize=1'] });
    await migrateWithKeys(db);
    await slimImage(db);
    const dump = await (db.jobTarget as { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } }).pglite.dumpDataDir('none');
    await db.close();
    // Written aside and renamed: a worker reading it never sees half a file, and two workers writing it at once agree.
    const aside = `${path}.${process.pid}`;
    await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
    await rename(aside, path);
    return dump;
  })();
  return image;
}

/**
 * Every test database starts by unpacking the image into PGlite's in-memory file system, at a cost that follows its
 * bytes and files: initdb's 16MB WAL segment and the template0 and template1 databases (7.4MB each, which only
 * `CREATE DATABASE` reads, never run on PGlite) were 39 of its 47MB. With 1MB segments and without the two templates,
 * the image is 24MB and a start takes half the CPU (decision 1179).
 */
async function slimImage(db: Db): Promise<void> {
  await db.query("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await db.query('DROP DATABASE template0');
  await db.query('DROP DATABASE template1');
  await db.query('CHECKPOINT');
}

let template: Promise<string> | undefined;

function postgresTemplate(adminUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `portico_template_${schemaHash()}`;
    const admin = await openPostgres(adminUrl, 1);
    try {
      // One connection (max 1): the lock and its release are on the same session.
      await admin.query('SELECT pg_advisory_lock(4242002)');
      if (!(await admin.one('SELECT 1 AS found FROM pg_database WHERE datname = $1', [name]))) {
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
        await admin.query(`CREATE DATABASE ${building}`);
        const db = await openPostgres(databaseUrl(adminUrl, building), 1);
        await migrateWithKeys(db).finally(() => db.close());
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(4242002)').catch(() => undefined);
      await admin.close();
    }
    return name;
  })();
  return template;
}

const databaseUrl = (adminUrl: string, name: string) => adminUrl.replace(/\/[^/]*$/, `/${name}`);

/** PGlite's version, from its package.json (not in the package's exports, so found beside its entry point). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf('@electric-sql/pglite') + '@electric-sql/pglite'.length);
  return readFileSync(join(root, 'package.json'), 'utf8');
}
