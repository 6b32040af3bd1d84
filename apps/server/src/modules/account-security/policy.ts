import type { Viewer } from '@portico/shared';
import type { Access } from '../../lib/route';

/** Lifting locks and (de)activating sign-in accounts: MLS staff and admins at level 5 (decision 0900), over every account. */
export const accountSecurityStaff: Access = { policy: 'account-security-staff', allow: (viewer: Viewer) => viewer.level === 5 };
