import type { FastifyInstance } from 'fastify';
import { accessControlsRoutes } from './access-controls/index';
import { adsRoutes } from './ads/index';
import { applicationsRoutes } from './applications/index';
import { healthRoutes } from './health/index';
import { kpisRoutes } from './kpis/index';
import { membersRoutes } from './members/index';
import { menusRoutes } from './menus/index';
import { profilesRoutes } from './profiles/index';

/** Every feature's routes, registered in this order. A new feature adds one line. */
export const featureModules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  membersRoutes,
  profilesRoutes,
  menusRoutes,
  accessControlsRoutes,
  applicationsRoutes,
  kpisRoutes,
  adsRoutes,
];
