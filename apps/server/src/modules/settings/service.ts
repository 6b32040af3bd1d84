import {
  type DerivedSettings,
  deriveSetting,
  type EditedSetting,
  LOCK_VALUE,
  LOCK_VISIBLE_FROM_LEVEL,
  officeOwnerLevel,
  type SettingType,
  settingEditability,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { assertCanRead, assertCanWrite, REFUSAL_TEXT } from './policy';
import {
  allTypes,
  findMemberOwner,
  findOfficeOwner,
  type Layers,
  lastChanges,
  loadLayers,
  type SettingOwner,
  valuesOfGroups,
} from './repository';

export async function loadOwner(q: Queryable, ownerType: 'member' | 'office', id: number): Promise<SettingOwner> {
  const owner = ownerType === 'member' ? await findMemberOwner(q, id) : await findOfficeOwner(q, id);
  if (!owner) throw notFound(ownerType === 'member' ? 'The member' : 'The office');
  return owner;
}

function ownerLevelOf(owner: SettingOwner): number {
  return owner.ownerType === 'member' ? 1 : officeOwnerLevel(owner);
}

function layersFor(q: Queryable, owner: SettingOwner): Promise<Layers> {
  const isMain = officeOwnerLevel(owner) === 3;
  return loadLayers(q, {
    memberId: owner.memberId,
    officeId: owner.officeId,
    // An office is its own main office: its value is the office layer, not a lock from above.
    mainOfficeId: owner.ownerType === 'office' && isMain ? null : owner.mainOfficeId,
    aorId: owner.aorId,
  });
}

/** One type's effective value for the owner, and whether the viewer may change the owner's own value. */
function resolve(viewer: Viewer, owner: SettingOwner, layers: Layers, type: SettingType) {
  const own = owner.ownerType === 'member' ? layers.member.get(type.id) : layers.office.get(type.id);
  const derived = deriveSetting({
    member: layers.member.get(type.id)?.shortValue,
    office: layers.office.get(type.id)?.shortValue,
    mainOffice: layers.mainOffice.get(type.id),
    association: layers.association.get(type.id),
    mls: type.defaultValue,
  });
  const editability = settingEditability({
    writerLevel: viewer.level,
    ownerLevel: ownerLevelOf(owner),
    accessLevel: type.accessLevel,
    defaultAllow: type.defaultAllow,
    lockLevel: derived.lockLevel,
  });
  return { own, derived, editability };
}

/** `GET api/DerivedSettings/{member|office}/{id}`: every type as edited, with its source, lock and last change. */
export async function derivedSettings(db: Db, viewer: Viewer, ownerType: 'member' | 'office', id: number): Promise<DerivedSettings> {
  const owner = await loadOwner(db, ownerType, id);
  assertCanRead(viewer, owner);
  const [types, layers, changes] = [await allTypes(db), await layersFor(db, owner), await lastChanges(db, ownerType, id)];
  const changeByType = new Map(changes.map((c) => [c.type_id, c]));
  const values = await valuesOfGroups(db, [...new Set(types.map((t) => t.groupId))]);
  const longText = (groupId: number, shortValue: string) =>
    values.find((v) => v.groupId === groupId && v.shortValue === shortValue)?.longValue ?? shortValue;
  const settings: EditedSetting[] = types.map((type) => {
    const { own, derived, editability } = resolve(viewer, owner, layers, type);
    const change = changeByType.get(type.id);
    return {
      ownerId: owner.id,
      ownerType,
      ownerName: owner.name,
      typeId: type.id,
      shortValue: derived.shortValue,
      displayValue: longText(type.groupId, derived.shortValue),
      originalValue: own?.shortValue ?? null,
      isEditable: editability.isEditable,
      editReason: editability.reason,
      isLocked: derived.lockLevel !== null && editability.reason === 'locked',
      source: derived.source,
      id: own?.id ?? null,
      actionRequired: own?.actionRequired ?? false,
      lastChange: change
        ? {
            changedByName: change.changed_by_name,
            changedByLoginId: change.changed_by_login_id,
            changedOn: new Date(change.changed_on).toISOString(),
            oldValue: change.old_value,
            newValue: change.new_value,
          }
        : null,
    };
  });
  return { ownerType, ownerId: owner.id, ownerName: owner.name, ownerLevel: ownerLevelOf(owner), settings };
}

export interface SettingChangeInput {
  typeId: number;
  shortValue: string;
  actionRequired: boolean;
}

/**
 * Writes a page of changes for one owner in ONE transaction: every change is checked first (400 for unknown
 * types and values, 403 for what the writer may not change), then every changed value is stored with its audit
 * row. Anything thrown rolls all of it back.
 */
export async function saveSettings(
  db: Db,
  viewer: Viewer,
  ownerType: 'member' | 'office',
  ownerId: number,
  changes: SettingChangeInput[],
  fieldPrefix = 'settings',
): Promise<number[]> {
  return db.tx(async (q) => {
    const owner = await loadOwner(q, ownerType, ownerId);
    assertCanWrite(viewer, owner);
    const types = new Map((await allTypes(q)).map((t) => [t.id, t]));
    const known = changes.map((c) => types.get(c.typeId));
    const unknown = changes.flatMap((c, i) =>
      known[i] ? [] : [{ field: `${fieldPrefix}.${i}.typeId`, message: `Unknown setting type ${c.typeId}` }],
    );
    if (unknown.length) throw badRequest('The settings are not valid.', unknown);
    const values = await valuesOfGroups(q, [...new Set(known.map((t) => t!.groupId))]);
    const invalid = changes.flatMap((c, i) =>
      values.some((v) => v.groupId === known[i]!.groupId && v.shortValue === c.shortValue)
        ? []
        : [{ field: `${fieldPrefix}.${i}.shortValue`, message: `'${c.shortValue}' is not one of the values of '${known[i]!.name}'` }],
    );
    if (invalid.length) throw badRequest('The settings are not valid.', invalid);

    const layers = await layersFor(q, owner);
    const audits: Array<{ typeId: number; oldValue: string | null; newValue: string }> = [];
    for (const [i, change] of changes.entries()) {
      const type = known[i]!;
      const { own, editability } = resolve(viewer, owner, layers, type);
      if (!editability.isEditable && editability.reason !== 'editable') {
        throw new AppError('FORBIDDEN', `${type.name}: ${REFUSAL_TEXT[editability.reason]}`);
      }
      if (change.shortValue === LOCK_VALUE && viewer.level < LOCK_VISIBLE_FROM_LEVEL) {
        throw forbidden(`${type.name}: this option is reserved for brokers, associations and the MLS.`);
      }
      if (own?.shortValue !== change.shortValue)
        audits.push({ typeId: type.id, oldValue: own?.shortValue ?? null, newValue: change.shortValue });
    }
    // Two statements for the whole page (upsert, then audit), whatever its size.
    const table = ownerType === 'member' ? 'member_settings' : 'office_settings';
    const column = ownerType === 'member' ? 'member_id' : 'office_id';
    const rows = await q.query<{ id: number }>(
      `INSERT INTO ${table} (${column}, type_id, short_value, action_required, created_by, modified_by)
       SELECT $1, x.type_id, x.short_value, x.action_required, $5, $5
       FROM unnest($2::int[], $3::text[], $4::boolean[]) AS x(type_id, short_value, action_required)
       ON CONFLICT (${column}, type_id) DO UPDATE SET short_value = EXCLUDED.short_value,
         action_required = EXCLUDED.action_required, modified_by = EXCLUDED.modified_by, modified_on = now()
       RETURNING id`,
      [ownerId, changes.map((c) => c.typeId), changes.map((c) => c.shortValue), changes.map((c) => c.actionRequired), viewer.memberId],
    );
    if (audits.length) {
      await q.query(
        `INSERT INTO setting_changes (owner_type, owner_id, type_id, old_value, new_value, changed_by)
         SELECT $1, $2, x.type_id, x.old_value, x.new_value, $3
         FROM unnest($4::int[], $5::text[], $6::text[]) AS x(type_id, old_value, new_value)`,
        [ownerType, ownerId, viewer.memberId, audits.map((a) => a.typeId), audits.map((a) => a.oldValue), audits.map((a) => a.newValue)],
      );
    }
    const ids = rows.map((r) => r.id);
    return ids;
  });
}
