import type {
  DerivedSettings,
  deriveSetting,
  Editability,
  EditedSetting,
  SettingChange,
  SettingGroup,
  SettingValue,
  StoredSetting,
} from '@portico/shared';
import type { SettingOwner, StoredValue } from './owner-repository';
import type { CatalogType, LastChangeRow, SettingGroupRow, StoredSettingRow } from './repository';

/** A stored setting: only its owner's id field is present (memberId, officeId or aorId). */
export const presentStoredSetting = (row: StoredSettingRow): StoredSetting => ({
  id: row.id,
  typeId: row.typeId,
  shortValue: row.shortValue,
  actionRequired: row.actionRequired,
  ...(row.memberId !== undefined ? { memberId: row.memberId } : {}),
  ...(row.officeId !== undefined ? { officeId: row.officeId } : {}),
  ...(row.aorId !== undefined ? { aorId: row.aorId } : {}),
  createdBy: row.createdBy,
  createdOn: new Date(row.createdOn).toISOString(),
  modifiedBy: row.modifiedBy,
  modifiedOn: new Date(row.modifiedOn).toISOString(),
});

/** A setting group with the values the service let the viewer see. */
export const presentSettingGroup = (g: SettingGroupRow, settingValues: SettingValue[]): SettingGroup => ({
  id: g.id,
  name: g.name,
  description: g.description,
  settingInputTypeId: g.settingInputTypeId,
  inputType: g.inputType,
  sortOrder: g.sortOrder,
  settingValues,
});

const presentSettingChange = (c: LastChangeRow): SettingChange => ({
  changedByName: c.changed_by_name,
  changedByLoginId: c.changed_by_login_id,
  changedOn: new Date(c.changed_on).toISOString(),
  oldValue: c.old_value,
  newValue: c.new_value,
});

/** What the service resolved for one type: the owner's own value, the effective value, the viewer's editability. */
export interface ResolvedSetting {
  own: StoredValue | undefined;
  derived: ReturnType<typeof deriveSetting>;
  editability: Editability;
}

/** One type as edited; displayValue falls back to the short value when no option has it. */
export const presentEditedSetting = (
  owner: SettingOwner,
  type: CatalogType,
  { own, derived, editability }: ResolvedSetting,
  change: LastChangeRow | undefined,
): EditedSetting => ({
  ownerId: owner.id,
  ownerType: owner.ownerType,
  ownerName: owner.name,
  typeId: type.id,
  shortValue: derived.shortValue,
  displayValue: type.values.find((v) => v.shortValue === derived.shortValue)?.longValue ?? derived.shortValue,
  originalValue: own?.shortValue ?? null,
  isEditable: editability.isEditable,
  editReason: editability.reason,
  isLocked: derived.lockLevel !== null && editability.reason === 'locked',
  source: derived.source,
  id: own?.id ?? null,
  actionRequired: own?.actionRequired ?? false,
  lastChange: change ? presentSettingChange(change) : null,
});

export const presentDerivedSettings = (owner: SettingOwner, ownerLevel: number, settings: EditedSetting[]): DerivedSettings => ({
  ownerType: owner.ownerType,
  ownerId: owner.id,
  ownerName: owner.name,
  ownerLevel,
  settings,
});
