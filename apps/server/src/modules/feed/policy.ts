import type { LiveEvent, Viewer } from '@portico/shared';

/** The MLS data feed's screen and calls: MLS staff and admins at level 5 only. */
export function isFeedStaff(viewer: Viewer): boolean {
  return viewer.level === 5;
}

/** The MLS data feed's progress goes to the staff of its screen only. */
export const feedAudience = (viewer: Viewer): LiveEvent[] => (isFeedStaff(viewer) ? [{ type: 'feed' }] : []);
