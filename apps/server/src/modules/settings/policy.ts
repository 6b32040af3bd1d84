import { type EditabilityReason, SETTINGS_MESSAGES, type Viewer } from '@portico/shared';
import { forbidden } from '../../lib/errors';
import { isOfficeInReach } from '../directory/index';
import type { SettingOwner } from './repository';

/** Whether the viewer may read or write this owner's settings: their own, or an owner inside their reach. */
export function canActFor(viewer: Viewer, owner: SettingOwner): boolean {
  if (owner.ownerType === 'member' && owner.memberId === viewer.memberId) return true;
  if (owner.ownerType === 'member' && viewer.level < 2) return false;
  if (owner.ownerType === 'office' && viewer.level < 2) return owner.id === viewer.officeId;
  return isOfficeInReach(viewer, {
    id: owner.officeId,
    officeCode: owner.officeCode,
    mainOfficeCode: owner.mainOfficeCode,
    aorId: owner.aorId,
  });
}

export function assertCanRead(viewer: Viewer, owner: SettingOwner): void {
  if (!canActFor(viewer, owner))
    throw forbidden(`That ${owner.ownerType === 'member' ? 'member' : 'office'} is outside your office or association.`);
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
