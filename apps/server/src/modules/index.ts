import type { FastifyInstance } from 'fastify';
import { accessControlsRoutes } from './access-controls/index';
import { applicationSettingsRoutes } from './application-settings/index';
import { directoryRoutes } from './directory/index';
import { healthRoutes } from './health/index';
import { membersRoutes } from './members/index';
import { menusRoutes } from './menus/index';
import { profilesRoutes } from './profiles/index';
import { settingsRoutes } from './settings/index';

/** Every feature's routes, registered in this order. A new feature adds one line. */
export const featureModules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  membersRoutes,
  profilesRoutes,
  menusRoutes,
  accessControlsRoutes,
  settingsRoutes,
  directoryRoutes,
  applicationSettingsRoutes,
];
