import type { FastifyInstance } from 'fastify';
import { accessControlsRoutes } from './access-controls/index';
import { accountRoutes } from './account/index';
import { eulaRoutes } from './eula/index';
import { healthRoutes } from './health/index';
import { membersRoutes } from './members/index';
import { menusRoutes } from './menus/index';
import { outboxRoutes } from './outbox/index';
import { profilesRoutes } from './profiles/index';

/** Every feature's routes, registered in this order. A new feature adds one line. */
export const featureModules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  membersRoutes,
  profilesRoutes,
  menusRoutes,
  accessControlsRoutes,
  eulaRoutes,
  accountRoutes,
  outboxRoutes,
];
