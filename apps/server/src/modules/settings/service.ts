import {
  type DerivedSettings,
  deriveSetting,
  LOCK_VALUE,
  LOCK_VISIBLE_FROM_LEVEL,
  officeOwnerLevel,
  type ParsedQuery,
  SETTING_LEVEL,
  settingEditability,
  type Viewer,
  visibleOptions,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { type ResourceSpec, runQuery } from '../../lib/query-engine';
import {
  findStoredSetting,
  type LayerName,
  type Layers,
  loadOwnerAndLayers,
  OWNER_STORE,
  type SettingOwner,
  type SettingWrite,
  writeSettings,
} from './owner-repository';
import { REFUSAL_TEXT } from './policy';
import { presentDerivedSettings, presentEditedSetting, presentSettingGroup, type ResolvedSetting } from './presenter';
import {
  ASSOCIATION_SETTING_SPEC,
  type CatalogType,
  catalogTypes,
  groupExists,
  INPUT_TYPE_SPEC,
  lastChanges,
  MEMBER_SETTING_SPEC,
  OFFICE_SETTING_SPEC,
  SETTING_GROUP_SPEC,
  SETTING_TYPE_SPEC,
  type SettingGroupRow,
  type SettingOwnerType,
  type StoredSettingRow,
  typesOfGroup,
  valuesOfGroups,
} from './repository';

const CATALOGUE_SPEC = { settingTypes: SETTING_TYPE_SPEC, inputTypes: INPUT_TYPE_SPEC };

/** A page of one list of the settings catalogue: its setting types or its input types. */
export function queryCatalogue(q: Queryable, list: keyof typeof CATALOGUE_SPEC, query: ParsedQuery) {
  return runQuery(q, CATALOGUE_SPEC[list], query);
}

/** A page of setting groups, each with the values the viewer's level may see (short value 99 only from level 3). */
export async function querySettingGroups(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  const result = await runQuery<SettingGroupRow>(q, SETTING_GROUP_SPEC, query);
  const values = await valuesOfGroups(
    q,
    result.rows.map((g) => g.id),
  );
  const rows = result.rows.map((g) =>
    presentSettingGroup(
      g,
      visibleOptions(
        values.filter((v) => v.groupId === g.id),
        viewer.level,
      ),
    ),
  );
  return { ...result, rows };
}

/** The setting types of one group of the catalogue, in their order. */
export function typesOfSettingGroup(q: Queryable, groupId: number) {
  return typesOfGroup(q, groupId);
}

/** The guards' row (catalog-routes.ts): a setting group of the catalogue (every member reads it). */
export const settingGroup = rowLoader<{ id: number }, { params: { id: number } }>(
  'setting group',
  notFound('The setting group').message,
  async ({ db, params }) => ((await groupExists(db, params.id)) ? { id: params.id } : null),
);

const OWNER_NOUN: Record<SettingOwnerType, string> = { member: 'The member', office: 'The office', association: 'The association' };

const STORED_SETTING_SPEC: Record<SettingOwnerType, ResourceSpec> = {
  member: MEMBER_SETTING_SPEC,
  office: OFFICE_SETTING_SPEC,
  association: ASSOCIATION_SETTING_SPEC,
};

/** A page of one kind of owner's stored settings, inside the row scope the route gives (the viewer's reach). */
export function queryStoredSettings(
  q: Queryable,
  ownerType: SettingOwnerType,
  query: ParsedQuery,
  scope: { where: string; params: unknown[] },
) {
  return runQuery<StoredSettingRow>(q, STORED_SETTING_SPEC[ownerType], query, scope);
}

/** A member, office or association with the layers its settings derive from. */
export interface LoadedOwner {
  owner: SettingOwner;
  layers: Layers;
}

/** The guards' rows (routes.ts): the owner whose settings a call reads or writes, named in the path or the body. */
export const ownerInPath = rowLoader<LoadedOwner, { params: { ownerType: SettingOwnerType; id: number } }>(
  'member, office or association of the path',
  ({ params }) => notFound(OWNER_NOUN[params.ownerType]).message,
  ({ db, params }) => loadOwnerAndLayers(db, params.ownerType, params.id),
);

export const ownerOfPage = (ownerType: SettingOwnerType) =>
  rowLoader<LoadedOwner, { body: { ownerId: number } }>(
    `${ownerType} of the page (ownerId)`,
    notFound(OWNER_NOUN[ownerType]).message,
    ({ db, body }) => loadOwnerAndLayers(db, ownerType, body.ownerId),
  );

type OwnerFields = { memberId?: number; officeId?: number; aorId?: number };

export const ownerOfSetting = (ownerType: SettingOwnerType) => {
  const { field } = OWNER_STORE[ownerType];
  return rowLoader<LoadedOwner, { body: OwnerFields }>(
    `${ownerType} of the setting (${field})`,
    notFound(OWNER_NOUN[ownerType]).message,
    ({ db, body }) => loadOwnerAndLayers(db, ownerType, body[field] as number),
  );
};

/** A stored setting by id: it must exist (404) and keep its owner and type (400); then its owner, as above. */
export const ownerOfStoredSetting = (ownerType: SettingOwnerType) => {
  const { field } = OWNER_STORE[ownerType];
  return rowLoader<LoadedOwner, { params: { id: number }; body: OwnerFields & { typeId: number } }>(
    `${ownerType} of the stored setting`,
    notFound(OWNER_NOUN[ownerType]).message,
    async ({ db, params, body }) => {
      const row = await findStoredSetting(db, ownerType, params.id);
      if (!row) throw notFound('The setting');
      if (row.owner !== body[field] || row.type_id !== body.typeId) {
        throw badRequest('The setting does not match its id.', [{ field: 'typeId', message: 'The setting type and owner cannot change' }]);
      }
      return loadOwnerAndLayers(db, ownerType, row.owner);
    },
  );
};

function ownerLevelOf(owner: SettingOwner): number {
  if (owner.ownerType === 'member') return SETTING_LEVEL.member;
  if (owner.ownerType === 'association') return SETTING_LEVEL.association;
  return officeOwnerLevel({ officeCode: owner.officeCode ?? '', mainOfficeCode: owner.mainOfficeCode });
}

/** The layer that holds the owner's own values. */
const OWN_LAYER: Record<SettingOwnerType, LayerName> = { member: 'member', office: 'office', association: 'association' };

/** One type's effective value for the owner, and whether the viewer may change the owner's own value. */
function resolve(viewer: Viewer, owner: SettingOwner, layers: Layers, type: CatalogType): ResolvedSetting {
  const own = layers[OWN_LAYER[owner.ownerType]].get(type.id);
  const derived = deriveSetting({
    member: layers.member.get(type.id)?.shortValue,
    office: layers.office.get(type.id)?.shortValue,
    mainOffice: layers.mainOffice.get(type.id)?.shortValue,
    association: layers.association.get(type.id)?.shortValue,
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

/**
 * `GET api/DerivedSettings/{member|office|association}/{id}` for the owner the route's guard loaded and allowed: every
 * type as edited, with its source, lock and last change.
 */
export async function derivedSettingsOf(db: Db, viewer: Viewer, { owner, layers }: LoadedOwner): Promise<DerivedSettings> {
  const [types, changes] = await Promise.all([catalogTypes(db), lastChanges(db, owner.ownerType, owner.id)]);
  const changeByType = new Map(changes.map((c) => [c.type_id, c]));
  const settings = types.map((type) => presentEditedSetting(owner, type, resolve(viewer, owner, layers, type), changeByType.get(type.id)));
  return presentDerivedSettings(owner, ownerLevelOf(owner), settings);
}

/**
 * Writes a page of changes for one owner, all or nothing: every change is checked first (400 for unknown types and
 * values, 403 for what the writer may not change), then ONE statement stores every value with the audit rows of
 * those that changed (docs/decisions/0301-settings-page-save.md). Three round trips whatever the page's size.
 */
export async function saveSettingsOf(
  db: Db,
  viewer: Viewer,
  { owner, layers }: LoadedOwner,
  changes: SettingWrite[],
  fieldPrefix = 'settings',
): Promise<StoredSettingRow[]> {
  const types = new Map((await catalogTypes(db)).map((t) => [t.id, t]));
  const known = changes.map((c) => types.get(c.typeId));
  const unknown = changes.flatMap((c, i) =>
    known[i] ? [] : [{ field: `${fieldPrefix}.${i}.typeId`, message: `Unknown setting type ${c.typeId}` }],
  );
  if (unknown.length) throw badRequest('The settings are not valid.', unknown);
  const invalid = changes.flatMap((c, i) =>
    known[i]!.values.some((v) => v.shortValue === c.shortValue)
      ? []
      : [{ field: `${fieldPrefix}.${i}.shortValue`, message: `'${c.shortValue}' is not one of the values of '${known[i]!.name}'` }],
  );
  if (invalid.length) throw badRequest('The settings are not valid.', invalid);
  for (const [i, change] of changes.entries()) {
    const type = known[i]!;
    const { editability } = resolve(viewer, owner, layers, type);
    if (!editability.isEditable && editability.reason !== 'editable') {
      throw new AppError('FORBIDDEN', `${type.name}: ${REFUSAL_TEXT[editability.reason]}`);
    }
    if (change.shortValue === LOCK_VALUE && viewer.level < LOCK_VISIBLE_FROM_LEVEL) {
      throw forbidden(`${type.name}: this option is reserved for brokers, associations and the MLS.`);
    }
  }
  return writeSettings(db, owner, changes, viewer.memberId);
}
