import type { Viewer } from '@portico/shared';

/**
 * Recovery codes belong to the signed-in member alone: the routes take no member id, so nobody, whatever their level,
 * reads or replaces another member's set. A member needs member data (the codes hang on it, like the factors).
 */
export const hasOwnRecoveryCodes = (viewer: Viewer): boolean => viewer.memberId > 0;
