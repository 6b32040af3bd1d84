import type { SettingGroup, SettingInputType, SettingType, SettingValue, StoredSetting } from '@portico/shared';
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

export const MEMBER_SETTING_SPEC: ResourceSpec = {
  from: 'member_settings s JOIN members m ON m.id = s.member_id JOIN offices o ON o.id = m.office_id',
  select: `s.id, s.type_id AS "typeId", s.short_value AS "shortValue", s.action_required AS "actionRequired", s.member_id AS "memberId",
    s.created_by AS "createdBy", s.created_on AS "createdOn", s.modified_by AS "modifiedBy", s.modified_on AS "modifiedOn"`,
  fields: {
    id: { sql: 's.id', type: 'number' },
    memberId: { sql: 's.member_id', type: 'number' },
    typeId: { sql: 's.type_id', type: 'number' },
    shortValue: { sql: 's.short_value', type: 'text' },
    modifiedOn: { sql: 's.modified_on', type: 'date' },
  },
  defaultOrder: 's.member_id, s.type_id',
};

export const OFFICE_SETTING_SPEC: ResourceSpec = {
  from: 'office_settings s JOIN offices o ON o.id = s.office_id',
  select: `s.id, s.type_id AS "typeId", s.short_value AS "shortValue", s.action_required AS "actionRequired", s.office_id AS "officeId",
    s.created_by AS "createdBy", s.created_on AS "createdOn", s.modified_by AS "modifiedBy", s.modified_on AS "modifiedOn"`,
  fields: {
    id: { sql: 's.id', type: 'number' },
    officeId: { sql: 's.office_id', type: 'number' },
    typeId: { sql: 's.type_id', type: 'number' },
    shortValue: { sql: 's.short_value', type: 'text' },
    modifiedOn: { sql: 's.modified_on', type: 'date' },
  },
  defaultOrder: 's.office_id, s.type_id',
};

export function allTypes(q: Queryable): Promise<SettingType[]> {
  return q.query<SettingType>(`SELECT ${SETTING_TYPE_SPEC.select} FROM setting_types t ORDER BY ${SETTING_TYPE_SPEC.defaultOrder}`);
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

export type { SettingGroup, SettingInputType, StoredSetting };

/** One owner's stored values and the values of the layers above it, per type. */
export interface Layers {
  member: Map<number, { id: number; shortValue: string; actionRequired: boolean }>;
  office: Map<number, { id: number; shortValue: string; actionRequired: boolean }>;
  mainOffice: Map<number, string>;
  association: Map<number, string>;
}

type Stored = { id: number; type_id: number; short_value: string; action_required: boolean };

export async function loadLayers(
  q: Queryable,
  owner: { memberId: number | null; officeId: number | null; mainOfficeId: number | null; aorId: number | null },
): Promise<Layers> {
  // One query after another: the same code runs inside a transaction on one connection.
  const member = owner.memberId
    ? await q.query<Stored>('SELECT id, type_id, short_value, action_required FROM member_settings WHERE member_id = $1', [owner.memberId])
    : [];
  const office = owner.officeId
    ? await q.query<Stored>('SELECT id, type_id, short_value, action_required FROM office_settings WHERE office_id = $1', [owner.officeId])
    : [];
  const mainOffice = owner.mainOfficeId
    ? await q.query<Stored>('SELECT id, type_id, short_value, action_required FROM office_settings WHERE office_id = $1', [
        owner.mainOfficeId,
      ])
    : [];
  const association = owner.aorId
    ? await q.query<Stored>('SELECT 0 AS id, type_id, short_value, false AS action_required FROM association_settings WHERE aor_id = $1', [
        owner.aorId,
      ])
    : [];
  const stored = (rows: Stored[]) =>
    new Map(rows.map((r) => [r.type_id, { id: r.id, shortValue: r.short_value, actionRequired: r.action_required }]));
  return {
    member: stored(member),
    office: stored(office),
    mainOffice: new Map(mainOffice.map((r) => [r.type_id, r.short_value])),
    association: new Map(association.map((r) => [r.type_id, r.short_value])),
  };
}

export interface LastChangeRow {
  type_id: number;
  old_value: string | null;
  new_value: string;
  changed_on: Date;
  changed_by_name: string;
  changed_by_login_id: string;
}

export function lastChanges(q: Queryable, ownerType: 'member' | 'office', ownerId: number): Promise<LastChangeRow[]> {
  return q.query<LastChangeRow>(
    `SELECT DISTINCT ON (c.type_id) c.type_id, c.old_value, c.new_value, c.changed_on,
       m.display_name AS changed_by_name, m.login_id AS changed_by_login_id
     FROM setting_changes c JOIN members m ON m.id = c.changed_by
     WHERE c.owner_type = $1 AND c.owner_id = $2
     ORDER BY c.type_id, c.changed_on DESC, c.id DESC`,
    [ownerType, ownerId],
  );
}

/** The member or office whose settings are read or written, with what the layers need. */
export interface SettingOwner {
  ownerType: 'member' | 'office';
  id: number;
  name: string;
  memberId: number | null;
  officeId: number;
  officeCode: string;
  mainOfficeCode: string | null;
  mainOfficeId: number | null;
  aorId: number | null;
}

const OWNER_OFFICE = `o.id AS "officeId", o.office_code AS "officeCode", o.main_office_code AS "mainOfficeCode",
  (SELECT mo.id FROM offices mo WHERE mo.office_code = o.main_office_code) AS "mainOfficeId", o.aor_id AS "aorId"`;

export function findMemberOwner(q: Queryable, memberId: number): Promise<SettingOwner | null> {
  return q.one<SettingOwner>(
    `SELECT 'member' AS "ownerType", m.id, m.display_name AS name, m.id AS "memberId", ${OWNER_OFFICE}
     FROM members m JOIN offices o ON o.id = m.office_id WHERE m.id = $1`,
    [memberId],
  );
}

export function findOfficeOwner(q: Queryable, officeId: number): Promise<SettingOwner | null> {
  return q.one<SettingOwner>(
    `SELECT 'office' AS "ownerType", o.id, o.name, NULL::int AS "memberId", ${OWNER_OFFICE} FROM offices o WHERE o.id = $1`,
    [officeId],
  );
}
