import type { FastifyInstance } from 'fastify';
import { settingsCatalogRoutes } from './catalog-routes';
import { settingsRoutes as ownerSettingsRoutes } from './routes';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  await settingsCatalogRoutes(app);
  await ownerSettingsRoutes(app);
}
