import { relative } from 'node:path';
import { ZodError } from 'zod';
import { buildApp } from './app';
import { loadConfig, REPO_ROOT } from './config';
import { openDatabase } from './db/open';
import { closeOnSignals } from './lib/shutdown';
import { ensureDemoOidcApplication } from './modules/oidc-apps/index';
import { ensureDemoSamlApplication } from './modules/saml/index';
import { assertProductionReady, StartRefused } from './production';
import { seedDemoIfEmpty } from './seed/index';

/** A start that cannot go on ends with one line naming what is missing, not a stack trace. */
function refuse(error: unknown): never {
  if (error instanceof StartRefused) console.error(error.message);
  else if (error instanceof ZodError)
    console.error(`Refusing to start: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  else throw error;
  process.exit(1);
}

const config = (() => {
  try {
    const loaded = loadConfig();
    assertProductionReady(loaded);
    return loaded;
  } catch (error) {
    return refuse(error);
  }
})();
// A migration changed after it was applied (decision 1020) refuses here, in one line naming the file.
const db = await openDatabase(config).catch(refuse);
if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(db, config.mlsTimeZone);
  if (seeded) console.log('Seeded the demo MLS (first run).');
  // The demo's SAML application (decision 0980), also into a demo database seeded before it existed.
  await ensureDemoSamlApplication(db, config.publicUrl);
  // And its OIDC application (decision 0989), when the embedded provider owns sign-in.
  if (config.embeddedIdentity) await ensureDemoOidcApplication(db, config.publicUrl, config.issuer);
}
const app = await buildApp({ config, db, logger: true }).catch(async (error) => {
  await db.close();
  return refuse(error);
});
await app.listen({ port: config.port, host: config.host });
console.log(`\nPortico is running at ${config.publicUrl}${config.demo ? ' (demo mode)' : ''}`);
console.log(
  `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${relative(REPO_ROOT, config.dataDir) || '.'}/db`}`,
);
if (config.demo) console.log('Demo sign-ins: see README.md ("Demo sign-ins") or docs/demo-accounts.json\n');

closeOnSignals(app, db);
