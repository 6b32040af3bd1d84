import type { Viewer } from '@portico/shared';

/** A member reads and changes only their own preferences. */
export function isOwnProfile(viewer: Viewer, profile: { memberId: number }): boolean {
  return profile.memberId === viewer.memberId;
}
