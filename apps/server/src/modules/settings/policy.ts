import { type EditabilityReason, SETTING_LEVEL, SETTINGS_MESSAGES, type Viewer } from '@portico/shared';
import { type AppError, forbidden } from '../../lib/errors';
import { isOfficeInReach } from '../directory/index';
import type { SettingOwner } from './owner-repository';

/** Association settings are for association staff (their own association) and the MLS (every association). */
export function canActForAssociation(viewer: Viewer, aorId: number | null): boolean {
  if (viewer.level >= SETTING_LEVEL.mls) return true;
  return viewer.level >= SETTING_LEVEL.association && aorId !== null && viewer.aorId === aorId;
}

/** Whether the viewer may read or write this owner's settings: their own, or an owner inside their reach. */
export function canActFor(viewer: Viewer, owner: SettingOwner): boolean {
  if (owner.ownerType === 'association') return canActForAssociation(viewer, owner.aorId);
  if (owner.ownerType === 'member' && owner.memberId === viewer.memberId) return true;
  if (owner.ownerType === 'member' && viewer.level < 2) return false;
  if (owner.ownerType === 'office' && viewer.level < 2) return owner.id === viewer.officeId;
  return (
    owner.officeId !== null &&
    owner.officeCode !== null &&
    isOfficeInReach(viewer, { id: owner.officeId, officeCode: owner.officeCode, mainOfficeCode: owner.mainOfficeCode, aorId: owner.aorId })
  );
}

const OUTSIDE: Record<SettingOwner['ownerType'], string> = {
  member: 'That member is outside your office or association.',
  office: 'That office is outside your office or association.',
  association: 'Only the staff of that association and the MLS can see or change its settings.',
};

/** Why the viewer may not read this owner's settings, or null when they may. */
export function readRefusal(viewer: Viewer, owner: SettingOwner): AppError | null {
  return canActFor(viewer, owner) ? null : forbidden(OUTSIDE[owner.ownerType]);
}

/** Why the viewer may not write this owner's settings, or null when they may (each setting's own rule comes after). */
export function writeRefusal(viewer: Viewer, owner: SettingOwner): AppError | null {
  if (owner.ownerType === 'office' && viewer.level < 2)
    return forbidden('Only office, association and MLS staff can change office settings.');
  return readRefusal(viewer, owner);
}

/** The guards' predicates and refusals over a loaded owner (routes.ts). */
type Loaded = { owner: SettingOwner };
export const mayReadOwner = (viewer: Viewer, loaded: Loaded) => readRefusal(viewer, loaded.owner) === null;
export const mayWriteOwner = (viewer: Viewer, loaded: Loaded) => writeRefusal(viewer, loaded.owner) === null;
export const refuseRead = (viewer: Viewer, loaded?: Loaded) => (loaded && readRefusal(viewer, loaded.owner)) || forbidden();
export const refuseWrite = (viewer: Viewer, loaded?: Loaded) => (loaded && writeRefusal(viewer, loaded.owner)) || forbidden();

export const REFUSAL_TEXT: Record<Exclude<EditabilityReason, 'editable'>, string> = {
  'not-signed-in': 'Sign in to continue.',
  'owner-above-writer': 'This setting belongs to a level above yours.',
  'access-level': 'This setting needs a higher access level than yours.',
  locked: SETTINGS_MESSAGES.lockedSetting,
  'not-default-allowed': 'This setting can only be changed by your broker, association or MLS.',
};
