import type { Viewer } from '@portico/shared';

/** Adding, changing and deleting the launcher's applications: MLS staff and MLS admins (level 5) only, over every one. */
export function isLauncherStaff(viewer: Viewer): boolean {
  return viewer.level === 5;
}
