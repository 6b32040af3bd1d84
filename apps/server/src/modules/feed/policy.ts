import type { Viewer } from '@portico/shared';
import type { Access } from '../../lib/route';

/** The MLS data feed's screen and calls: MLS staff and admins at level 5 only. */
export const feedStaff: Access = { policy: 'feed-staff', allow: (viewer: Viewer) => viewer.level === 5 };
