import { canManageEula } from '@portico/shared';
import type { Access } from '../../lib/route';

/** Publishing the EULA and seeing who accepted it: MLS staff and admins (level 5), for the whole MLS. */
export const eulaManager: Access = { policy: 'eula.manage', allow: canManageEula };
