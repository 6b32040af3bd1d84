import type { OwnershipLevel } from './viewer';

/** Seed 000 section 4: setting ownership levels. */
export const SETTING_LEVEL = { member: 1, office: 2, mainOffice: 3, association: 4, mls: 5 } as const;

/** The short value that hides an option below level 3 and, held by a main office, locks the setting. */
export const LOCK_VALUE = '99';
export const LOCK_VISIBLE_FROM_LEVEL = 3;

export type EditabilityReason = 'editable' | 'not-signed-in' | 'owner-above-writer' | 'access-level' | 'locked' | 'not-default-allowed';

export interface EditabilityInput {
  /** The level of whoever writes (the viewer's level, 0 to 5). */
  writerLevel: OwnershipLevel | number;
  /** The level of the owner being written: 1 member, 2 branch office, 3 main office. */
  ownerLevel: number;
  /** The setting type's accessLevel: the lowest writer level that may change it at all. */
  accessLevel: number;
  /** Whether the owner may change their own value (false: only someone above the owner may). */
  defaultAllow: boolean;
  /** The level of the owner above that holds the lock value 99 (3 main office, 4 association), or null. */
  lockLevel: number | null;
}

export interface Editability {
  isEditable: boolean;
  reason: EditabilityReason;
}

/**
 * The one editability rule of settings (docs/decisions/0300-settings-model.md), applied in this order:
 * signed in; the owner is not above the writer; the writer reaches the type's accessLevel; a lock (99) held
 * above the owner binds every writer below the lock's level; a type without defaultAllow cannot be changed by
 * the owner's own level, only from above.
 */
export function settingEditability(input: EditabilityInput): Editability {
  const { writerLevel, ownerLevel, accessLevel, defaultAllow, lockLevel } = input;
  if (writerLevel < 1) return { isEditable: false, reason: 'not-signed-in' };
  if (ownerLevel > writerLevel) return { isEditable: false, reason: 'owner-above-writer' };
  if (writerLevel < accessLevel) return { isEditable: false, reason: 'access-level' };
  if (lockLevel !== null && lockLevel > ownerLevel && writerLevel < lockLevel) return { isEditable: false, reason: 'locked' };
  if (!defaultAllow && writerLevel <= ownerLevel) return { isEditable: false, reason: 'not-default-allowed' };
  return { isEditable: true, reason: 'editable' };
}

/** Options with short value 99 are hidden from users below level 3 (seed 000 section 5). */
export function isOptionVisible(shortValue: string, viewerLevel: number): boolean {
  return shortValue !== LOCK_VALUE || viewerLevel >= LOCK_VISIBLE_FROM_LEVEL;
}

export function visibleOptions<T extends { shortValue: string }>(options: T[], viewerLevel: number, currentValue?: string | null): T[] {
  // The current value stays visible (read-only) even when it is the lock value, so a member sees what binds them.
  return options.filter((o) => isOptionVisible(o.shortValue, viewerLevel) || o.shortValue === currentValue);
}

/** Where a derived (effective) value came from, highest precedence first. */
export const SETTING_SOURCES = ['member', 'office', 'mainOffice', 'association', 'mls'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

export interface LayeredValues {
  member?: string | null;
  office?: string | null;
  mainOffice?: string | null;
  association?: string | null;
  mls: string;
}

export const SOURCE_LEVEL: Record<SettingSource, number> = { member: 1, office: 2, mainOffice: 3, association: 4, mls: 5 };

/**
 * The effective value: member > office > main office > association > MLS, the first level that holds a value
 * wins; except that a lock (99) held by the main office or the association wins over everything below it
 * (the highest such lock counts). A main office's own settings are its office settings, so for a member of a
 * main office the office and main-office layers are one.
 */
export function deriveSetting(values: LayeredValues): { shortValue: string; source: SettingSource; lockLevel: number | null } {
  const lockSource = (['association', 'mainOffice'] as const).find((s) => values[s] === LOCK_VALUE);
  if (lockSource) return { shortValue: LOCK_VALUE, source: lockSource, lockLevel: SOURCE_LEVEL[lockSource] };
  for (const source of SETTING_SOURCES) {
    const value = values[source];
    if (value !== undefined && value !== null && value !== '') return { shortValue: value, source, lockLevel: null };
  }
  return { shortValue: values.mls, source: 'mls', lockLevel: null };
}

/** The owner level of an office: 3 for a main office, 2 for a branch. */
export function officeOwnerLevel(office: { officeCode: string; mainOfficeCode: string | null }): 2 | 3 {
  return !office.mainOfficeCode || office.mainOfficeCode === office.officeCode ? 3 : 2;
}
