import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { demoSpRoutes } from './demo-sp';
import { samlUrls } from './entities';
import { loadSamlKeys } from './keys';
import { samlRoutes as registerSamlRoutes } from './routes';

export { ensureDemoSamlApplication } from './demo-sp';
export { SAML_CLIENT_ID } from './entities';
export { rotateSamlKeys } from './keys';

/** The SAML identity provider (decision 0980); on with the embedded provider only, its demo SP with the demo only. */
export async function samlRoutes(app: FastifyInstance, provider: Provider): Promise<void> {
  const { config, db } = app;
  const keys = await loadSamlKeys(db, { production: config.production, entityId: samlUrls(config.publicUrl).entityId });
  await registerSamlRoutes(app, provider, keys);
  // The demo's SAML application itself is registered by server.ts with the demo seed.
  if (config.demo) await demoSpRoutes(app, keys);
}
// For the staff calls of modules/sso (decision 0988).
export { pemOf, readSpMetadata, samlUrls } from './entities';
export { assertionContent, DEFAULT_ATTRIBUTE_MAP, defaultAcs } from './policy';
export { type SamlApplicationRow, upsertSamlApplication } from './repository';
