import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { demoSpRoutes, ensureDemoSamlApplication } from './demo-sp';
import { samlUrls } from './entities';
import { loadSamlKeys } from './keys';
import { samlRoutes as registerSamlRoutes } from './routes';

export { rotateSamlKeys } from './keys';

/** The SAML identity provider (decision 0980); on with the embedded provider only, its demo SP with the demo only. */
export async function samlRoutes(app: FastifyInstance, provider: Provider): Promise<void> {
  const { config, db } = app;
  const keys = await loadSamlKeys(db, { production: config.production, entityId: samlUrls(config.publicUrl).entityId });
  await registerSamlRoutes(app, provider, keys);
  if (config.demo) {
    await ensureDemoSamlApplication(db, config.publicUrl);
    await demoSpRoutes(app, keys);
  }
}
