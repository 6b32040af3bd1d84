import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { rotateIdentityKeys } from './identity/keys';
import { secretKeys, useSecretKeys } from './lib/secret-box';
import { rotateSamlKeys } from './modules/saml/index';

/**
 * Rotates the embedded provider's signing and cookie keys and its SAML signing key (docs/operations.md, decisions 0940, 0980):
 *   node apps/server/dist/keys.js stage    publishes a next key (verifies, does not sign); then restart every instance
 *   node apps/server/dist/keys.js rotate   makes the next key (or a new one) sign and retires the old; restart again
 *   node apps/server/dist/keys.js status   lists the keys and their states
 * Retired keys keep verifying until their tokens have expired (signing keys a day, cookie keys 14 days).
 */
const step = process.argv[2];
if (step !== 'stage' && step !== 'rotate' && step !== 'status') {
  console.error('Usage: keys.js stage | rotate | status');
  process.exit(2);
}
const config = loadConfig();
useSecretKeys(secretKeys(config.secretKey, config.previousSecretKeys));
const db = await openDatabase(config);
try {
  if (step !== 'status') {
    console.log(`${step === 'stage' ? 'Staged' : 'Activated'} signing key ${await rotateIdentityKeys(db, step, config)}`);
    const saml = await rotateSamlKeys(db, step, { production: config.production, entityId: `${config.publicUrl}/saml` });
    console.log(`${step === 'stage' ? 'Staged' : 'Activated'} SAML signing key ${saml}`);
  }
  const rows = await db.query<{ kid: string; use: string; state: string; origin: string; created_on: Date }>(
    'SELECT kid, use, state, origin, created_on FROM oidc_keys ORDER BY created_on DESC',
  );
  for (const r of rows)
    console.log(`${r.use.padEnd(6)} ${r.kid.padEnd(24)} ${r.state.padEnd(7)} ${r.origin.padEnd(11)} ${r.created_on.toISOString()}`);
} finally {
  await db.close();
}
