import type { SettingOwnerType } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { StoredSettingRow } from './repository';

/** The member, office or association whose settings are read or written, with what the layers need. */
export interface SettingOwner {
  ownerType: SettingOwnerType;
  id: number;
  name: string;
  memberId: number | null;
  officeId: number | null;
  officeCode: string | null;
  mainOfficeCode: string | null;
  mainOfficeId: number | null;
  aorId: number | null;
}

export type LayerName = 'member' | 'office' | 'mainOffice' | 'association';
export interface StoredValue {
  id: number;
  shortValue: string;
  actionRequired: boolean;
}
/** One owner's stored values and the values of the layers above it, per layer and type. */
export type Layers = Record<LayerName, Map<number, StoredValue>>;

/** Where each owner's own values live: table, owner column, and the owner field of a stored setting. */
export const OWNER_STORE = {
  member: { table: 'member_settings', column: 'member_id', field: 'memberId' },
  office: { table: 'office_settings', column: 'office_id', field: 'officeId' },
  association: { table: 'association_settings', column: 'aor_id', field: 'aorId' },
} as const;

const OWNER_OFFICE = `o.id AS "officeId", o.office_code AS "officeCode", o.main_office_code AS "mainOfficeCode",
  (SELECT mo.id FROM offices mo WHERE mo.office_code = o.main_office_code) AS "mainOfficeId", o.aor_id AS "aorId"`;

const OWNER_QUERIES: Record<SettingOwnerType, string> = {
  member: `SELECT 'member' AS "ownerType", m.id, m.display_name AS name, m.id AS "memberId", ${OWNER_OFFICE}
           FROM members m JOIN offices o ON o.id = m.office_id WHERE m.id = $1`,
  office: `SELECT 'office' AS "ownerType", o.id, o.name, NULL::int AS "memberId", ${OWNER_OFFICE} FROM offices o WHERE o.id = $1`,
  association: `SELECT 'association' AS "ownerType", a.id, a.name, NULL::int AS "memberId", NULL::int AS "officeId", NULL AS "officeCode",
                  NULL AS "mainOfficeCode", NULL::int AS "mainOfficeId", a.id AS "aorId" FROM associations a WHERE a.id = $1`,
};

const STORED_VALUE = 'id, type_id AS "typeId", short_value AS "shortValue", action_required AS "actionRequired"';

/**
 * The owner and every layer its settings derive from (its own values, its office's, its main office's, its
 * association's), in one round trip. An office that is its own main office has no main-office layer above it.
 */
export async function loadOwnerAndLayers(
  q: Queryable,
  ownerType: SettingOwnerType,
  id: number,
): Promise<{ owner: SettingOwner; layers: Layers } | null> {
  const row = await q.one<SettingOwner & { layers: Array<StoredValue & { layer: LayerName; typeId: number }> | null }>(
    `WITH owner AS (${OWNER_QUERIES[ownerType]})
     SELECT owner.*, (SELECT json_agg(l) FROM (
         SELECT 'member' AS layer, ${STORED_VALUE} FROM member_settings WHERE member_id = owner."memberId"
         UNION ALL SELECT 'office', ${STORED_VALUE} FROM office_settings WHERE office_id = owner."officeId"
         UNION ALL SELECT 'mainOffice', ${STORED_VALUE} FROM office_settings
           WHERE office_id = owner."mainOfficeId" AND NOT (owner."ownerType" = 'office' AND owner."mainOfficeId" = owner."officeId")
         UNION ALL SELECT 'association', ${STORED_VALUE} FROM association_settings WHERE aor_id = owner."aorId") l) AS layers
     FROM owner`,
    [id],
  );
  if (!row) return null;
  const { layers: rows, ...owner } = row;
  const layers: Layers = { member: new Map(), office: new Map(), mainOffice: new Map(), association: new Map() };
  for (const r of rows ?? []) layers[r.layer].set(r.typeId, { id: r.id, shortValue: r.shortValue, actionRequired: r.actionRequired });
  return { owner, layers };
}

export interface SettingWrite {
  typeId: number;
  shortValue: string;
  actionRequired: boolean;
}

/**
 * Stores a page of values of one owner, and an audit row (old and new value, who) for each value that changed, in
 * ONE statement whatever the page's size: PostgreSQL runs it atomically, so the page is saved whole or not at all.
 * The old values are read in the same statement. Answers the stored settings.
 */
export function writeSettings(
  q: Queryable,
  owner: { ownerType: SettingOwnerType; id: number },
  writes: SettingWrite[],
  writerId: number,
): Promise<StoredSettingRow[]> {
  const { table, column, field } = OWNER_STORE[owner.ownerType];
  return q.query<StoredSettingRow>(
    `WITH input AS (
       SELECT * FROM unnest($2::int[], $3::text[], $4::boolean[]) AS x(type_id, short_value, action_required)
     ), old AS (
       SELECT type_id, short_value FROM ${table} WHERE ${column} = $1::int AND type_id = ANY($2::int[])
     ), written AS (
       INSERT INTO ${table} (${column}, type_id, short_value, action_required, created_by, modified_by)
       SELECT $1::int, type_id, short_value, action_required, $5::int, $5::int FROM input
       ON CONFLICT (${column}, type_id) DO UPDATE SET short_value = EXCLUDED.short_value,
         action_required = EXCLUDED.action_required, modified_by = EXCLUDED.modified_by, modified_on = now()
       RETURNING id, type_id AS "typeId", short_value AS "shortValue", action_required AS "actionRequired", ${column} AS "${field}",
         created_by AS "createdBy", created_on AS "createdOn", modified_by AS "modifiedBy", modified_on AS "modifiedOn"
     ), audited AS (
       INSERT INTO setting_changes (owner_type, owner_id, type_id, old_value, new_value, changed_by)
       SELECT $6, $1::int, i.type_id, o.short_value, i.short_value, $5::int
       FROM input i LEFT JOIN old o ON o.type_id = i.type_id
       WHERE o.short_value IS DISTINCT FROM i.short_value
     )
     SELECT * FROM written ORDER BY id`,
    [
      owner.id,
      writes.map((w) => w.typeId),
      writes.map((w) => w.shortValue),
      writes.map((w) => w.actionRequired),
      writerId,
      owner.ownerType,
    ],
  );
}

/** A stored setting's owner and type, by the setting's id (the `.../{id}` routes check them against the body). */
export function findStoredSetting(
  q: Queryable,
  ownerType: SettingOwnerType,
  id: number,
): Promise<{ owner: number; type_id: number } | null> {
  const { table, column } = OWNER_STORE[ownerType];
  return q.one<{ owner: number; type_id: number }>(`SELECT ${column} AS owner, type_id FROM ${table} WHERE id = $1`, [id]);
}
