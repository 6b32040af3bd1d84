import type { SettingGroup, SettingOwnerType, SettingType, SettingValue, StoredSetting } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';

export const SETTING_TYPE_SPEC: ResourceSpec = {
  from: 'setting_types t',
  select: `t.id, t.group_id AS "groupId", t.name, t.description, t.access_level AS "accessLevel", t.default_allow AS "defaultAllow",
    t.default_value AS "defaultValue", t.sort_order AS "sortOrder"`,
  fields: {
    id: { sql: 't.id', type: 'number' },
    groupId: { sql: 't.group_id', type: 'number' },
    name: { sql: 't.name', type: 'text' },
    accessLevel: { sql: 't.access_level', type: 'number' },
    sortOrder: { sql: 't.sort_order', type: 'number' },
  },
  defaultOrder: 't.group_id, t.sort_order, t.id',
};

export const INPUT_TYPE_SPEC: ResourceSpec = {
  from: 'setting_input_types i',
  select: 'i.id, i.name, i.description',
  fields: { id: { sql: 'i.id', type: 'number' }, name: { sql: 'i.name', type: 'text' } },
  defaultOrder: 'i.id',
};

export const SETTING_GROUP_SPEC: ResourceSpec = {
  from: 'setting_groups g JOIN setting_input_types i ON i.id = g.setting_input_type_id',
  select: `g.id, g.name, g.description, g.setting_input_type_id AS "settingInputTypeId", i.name AS "inputType", g.sort_order AS "sortOrder"`,
  fields: {
    id: { sql: 'g.id', type: 'number' },
    name: { sql: 'g.name', type: 'text' },
    settingInputTypeId: { sql: 'g.setting_input_type_id', type: 'number' },
    sortOrder: { sql: 'g.sort_order', type: 'number' },
  },
  defaultOrder: 'g.sort_order, g.id',
};

/** A setting group as SETTING_GROUP_SPEC reads it, before its values join it. */
export type SettingGroupRow = Omit<SettingGroup, 'settingValues'>;

/** The stored settings of one kind of owner: the same columns and filters, keyed by the owner's column. */
function ownedSettingSpec(from: string, ownerColumn: string, ownerKey: string): ResourceSpec {
  return {
    from,
    select: `s.id, s.type_id AS "typeId", s.short_value AS "shortValue", s.action_required AS "actionRequired", s.${ownerColumn} AS "${ownerKey}",
    s.created_by AS "createdBy", s.created_on AS "createdOn", s.modified_by AS "modifiedBy", s.modified_on AS "modifiedOn"`,
    fields: {
      id: { sql: 's.id', type: 'number' },
      [ownerKey]: { sql: `s.${ownerColumn}`, type: 'number' },
      typeId: { sql: 's.type_id', type: 'number' },
      shortValue: { sql: 's.short_value', type: 'text' },
      modifiedOn: { sql: 's.modified_on', type: 'date' },
    },
    defaultOrder: `s.${ownerColumn}, s.type_id`,
  };
}

export const MEMBER_SETTING_SPEC = ownedSettingSpec(
  'member_settings s JOIN members m ON m.id = s.member_id JOIN offices o ON o.id = m.office_id',
  'member_id',
  'memberId',
);
export const OFFICE_SETTING_SPEC = ownedSettingSpec('office_settings s JOIN offices o ON o.id = s.office_id', 'office_id', 'officeId');
export const ASSOCIATION_SETTING_SPEC = ownedSettingSpec('association_settings s', 'aor_id', 'aorId');

/** A stored setting as read or written (the specs above, writeSettings): its dates as the driver gives them. */
export type StoredSettingRow = Omit<StoredSetting, 'createdOn' | 'modifiedOn'> & { createdOn: Date; modifiedOn: Date };

/** A setting type with its group's options (short and long value, in order). */
export interface CatalogType extends SettingType {
  values: Array<{ shortValue: string; longValue: string }>;
}

/** Every setting type with its group's options, in one query (read on every settings page and save). */
export function catalogTypes(q: Queryable): Promise<CatalogType[]> {
  return q.query<CatalogType>(
    `SELECT ${SETTING_TYPE_SPEC.select},
       COALESCE((SELECT json_agg(json_build_object('shortValue', v.short_value, 'longValue', v.long_value) ORDER BY v.sort_order, v.id)
                 FROM setting_values v WHERE v.group_id = t.group_id), '[]'::json) AS values
     FROM setting_types t ORDER BY ${SETTING_TYPE_SPEC.defaultOrder}`,
  );
}

export function typesOfGroup(q: Queryable, groupId: number): Promise<SettingType[]> {
  return q.query<SettingType>(`SELECT ${SETTING_TYPE_SPEC.select} FROM setting_types t WHERE t.group_id = $1 ORDER BY t.sort_order, t.id`, [
    groupId,
  ]);
}

export function valuesOfGroups(q: Queryable, groupIds: number[]): Promise<SettingValue[]> {
  return q.query<SettingValue>(
    `SELECT id, group_id AS "groupId", short_value AS "shortValue", long_value AS "longValue", sort_order AS "sortOrder"
     FROM setting_values WHERE group_id = ANY($1) ORDER BY group_id, sort_order, id`,
    [groupIds],
  );
}

export function groupExists(q: Queryable, id: number): Promise<{ id: number } | null> {
  return q.one<{ id: number }>('SELECT id FROM setting_groups WHERE id = $1', [id]);
}

export type { SettingOwnerType };

export interface LastChangeRow {
  type_id: number;
  old_value: string | null;
  new_value: string;
  changed_on: Date;
  changed_by_name: string;
  changed_by_login_id: string;
}

export function lastChanges(q: Queryable, ownerType: SettingOwnerType, ownerId: number): Promise<LastChangeRow[]> {
  return q.query<LastChangeRow>(
    `SELECT DISTINCT ON (c.type_id) c.type_id, c.old_value, c.new_value, c.changed_on,
       m.display_name AS changed_by_name, m.login_id AS changed_by_login_id
     FROM setting_changes c JOIN members m ON m.id = c.changed_by
     WHERE c.owner_type = $1 AND c.owner_id = $2
     ORDER BY c.type_id, c.changed_on DESC, c.id DESC`,
    [ownerType, ownerId],
  );
}
