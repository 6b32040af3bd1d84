import { canAdminister } from '@portico/shared';
import type { Access } from '../../lib/route';

/** The Broker Center / AOR Center: the members the `/admin` menu entry is for (admin flags, or level 2 and up). */
export const adminArea: Access = { policy: 'admin-area', allow: canAdminister };
