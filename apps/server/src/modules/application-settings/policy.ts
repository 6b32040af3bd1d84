import { APPLICATION_SETTINGS_MEMBER_TYPES, type Viewer } from '@portico/shared';
import type { OfficeRecord } from '../directory/index';

/** MLS admins any office, association admins their association's, office admins their own main office. */
export function canAdministerOffice(viewer: Viewer, office: OfficeRecord): boolean {
  if (viewer.isCrmlsAdmin) return true;
  if (viewer.isCrmlsAorAdmin && office.aorId !== null && office.aorId === viewer.aorId) return true;
  const ownMain = viewer.mainOfficeCode ?? viewer.officeCode;
  return viewer.isCrmlsOfficeAdmin && office.officeCode === ownMain;
}

/** The office admin pages' rule on the member alone: an admin flag (MLS, association or office admin). */
export function isAdmin(viewer: Viewer): boolean {
  return viewer.isAdmin;
}

/** Members with an office member type see their main office's applications (seed 000 section 6). */
export function seesOwnApplications(viewer: Viewer): boolean {
  return viewer.isAdmin || (APPLICATION_SETTINGS_MEMBER_TYPES as readonly number[]).includes(viewer.memberType);
}

/**
 * Without an admin flag a member may switch an application for their own main office only when their level
 * reaches the application's accessLevel, and never below the main office level (3): a toggle changes the
 * office's access for everybody in it.
 */
export function canToggleAsMember(viewer: Viewer, office: OfficeRecord, accessLevel: number): boolean {
  const ownMain = viewer.mainOfficeCode ?? viewer.officeCode;
  return accessLevel > 0 && office.officeCode === ownMain && viewer.level >= Math.max(3, accessLevel);
}
