import { type EditabilityReason, SETTING_LEVEL, SETTINGS_MESSAGES, type Viewer } from '@portico/shared';
import { forbidden } from '../../lib/errors';
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

export function assertCanRead(viewer: Viewer, owner: SettingOwner): void {
  if (!canActFor(viewer, owner)) throw forbidden(OUTSIDE[owner.ownerType]);
}

export function assertCanWrite(viewer: Viewer, owner: SettingOwner): void {
  if (owner.ownerType === 'office' && viewer.level < 2)
    throw forbidden('Only office, association and MLS staff can change office settings.');
  assertCanRead(viewer, owner);
}

export const REFUSAL_TEXT: Record<Exclude<EditabilityReason, 'editable'>, string> = {
  'not-signed-in': 'Sign in to continue.',
  'owner-above-writer': 'This setting belongs to a level above yours.',
  'access-level': 'This setting needs a higher access level than yours.',
  locked: SETTINGS_MESSAGES.lockedSetting,
  'not-default-allowed': 'This setting can only be changed by your broker, association or MLS.',
};
