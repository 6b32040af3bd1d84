import type { Viewer } from '@portico/shared';
import type { Access } from '../../lib/route';

/** Adding, changing and deleting the launcher's applications: MLS staff and MLS admins (level 5) only, over every one. */
export const launcherStaff: Access = { policy: 'launcher-staff', allow: (viewer: Viewer) => viewer.level === 5 };
