import {
  type AssociationSettingWrite,
  associationSettingWriteSchema,
  derivedOwnerParamsSchema,
  envelope,
  idParamSchema,
  type MemberSettingWrite,
  memberSettingWriteSchema,
  type OfficeSettingWrite,
  officeSettingWriteSchema,
  querySchema,
  SETTING_LEVEL,
  type SettingOwnerType,
  type StoredSetting,
  settingsPageSaveSchema,
  type Viewer,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { type ResourceSpec, runQuery } from '../../lib/query-engine';
import { type Access, route } from '../../lib/route';
import { reachWhere } from '../directory/index';
import { OWNER_STORE } from './owner-repository';
import { ASSOCIATION_SETTING_SPEC, MEMBER_SETTING_SPEC, OFFICE_SETTING_SPEC } from './repository';
import { derivedSettings, saveSettings } from './service';

type OwnerWrite = Partial<MemberSettingWrite & OfficeSettingWrite & AssociationSettingWrite>;

const associationStaff: Access = { policy: 'association-staff', allow: (v) => v.level >= SETTING_LEVEL.association };

/** The three owners of stored settings share every call; they differ in path, body, who may call and row scope. */
const OWNERS: Record<
  SettingOwnerType,
  {
    path: string;
    spec: ResourceSpec;
    body: typeof memberSettingWriteSchema | typeof officeSettingWriteSchema | typeof associationSettingWriteSchema;
    access: Access;
    scope: (v: Viewer) => { where: string; params: unknown[] };
  }
> = {
  member: {
    path: 'MemberSettings',
    spec: MEMBER_SETTING_SPEC,
    body: memberSettingWriteSchema,
    access: 'member',
    scope: (v) => reachWhere(v, { office: 'o', member: 'm' }),
  },
  office: {
    path: 'OfficeSettings',
    spec: OFFICE_SETTING_SPEC,
    body: officeSettingWriteSchema,
    access: 'member',
    scope: (v) => reachWhere(v, { office: 'o', member: null }),
  },
  association: {
    path: 'AssociationSettings',
    spec: ASSOCIATION_SETTING_SPEC,
    body: associationSettingWriteSchema,
    access: associationStaff,
    scope: (v) => (v.level >= SETTING_LEVEL.mls ? { where: 'TRUE', params: [] } : { where: 's.aor_id = $1', params: [v.aorId ?? -1] }),
  },
};

const present = (row: StoredSetting): StoredSetting => ({
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

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  for (const ownerType of ['member', 'office', 'association'] as const) {
    const o = OWNERS[ownerType];
    const store = OWNER_STORE[ownerType];
    const ownerIdOf = (body: OwnerWrite) => body[store.field] as number;

    route(app, {
      method: 'POST',
      url: `/api/app/${o.path}/q`,
      access: o.access,
      summary: `Stored ${ownerType} settings inside the viewer's reach (their own below level 2)`,
      tags: ['settings'],
      body: querySchema,
      handler: async ({ body, viewer, db }) => {
        const result = await runQuery<StoredSetting>(db, o.spec, body, o.scope(viewer));
        return envelope(result.rows.map(present), '', result);
      },
    });

    route(app, {
      method: 'POST',
      url: `/api/app/${o.path}`,
      access: o.access,
      summary: `Creates (or replaces) one ${ownerType} setting; the editability rule and the writer's reach apply`,
      tags: ['settings'],
      body: o.body,
      handler: async ({ body, viewer, db }) => {
        const stored = await saveSettings(db, viewer, ownerType, ownerIdOf(body), [body], 'settings');
        return envelope(stored.map(present), 'Settings saved!');
      },
    });

    for (const method of ['POST', 'PUT'] as const) {
      route(app, {
        method,
        url: `/api/app/${o.path}/:id`,
        access: o.access,
        summary: `Saves one stored ${ownerType} setting by id`,
        tags: ['settings'],
        params: idParamSchema,
        body: o.body,
        handler: async ({ params, body, viewer, db }) => {
          const row = await db.one<{ owner: number; type_id: number }>(
            `SELECT ${store.column} AS owner, type_id FROM ${store.table} WHERE id = $1`,
            [params.id],
          );
          if (!row) throw notFound('The setting');
          if (row.owner !== ownerIdOf(body) || row.type_id !== body.typeId) {
            throw badRequest('The setting does not match its id.', [
              { field: 'typeId', message: 'The setting type and owner cannot change' },
            ]);
          }
          const stored = await saveSettings(db, viewer, ownerType, ownerIdOf(body), [body], 'settings');
          return envelope(stored.map(present), 'Settings saved!');
        },
      });
    }

    route(app, {
      method: 'PUT',
      url: `/api/app/${o.path}`,
      access: o.access,
      summary: `Saves a settings page of one ${ownerType} in one transaction: all of it, or nothing`,
      tags: ['settings'],
      body: settingsPageSaveSchema,
      handler: async ({ body, viewer, db }) => {
        const stored = await saveSettings(db, viewer, ownerType, body.ownerId, body.settings);
        return envelope(stored.map(present), 'Settings saved!');
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/DerivedSettings/:ownerType/:id',
    access: 'member',
    summary:
      'Effective settings of a member, office or association (member > office > main office > association > MLS), as edited by the viewer',
    tags: ['settings'],
    params: derivedOwnerParamsSchema,
    handler: async ({ params, viewer, db }) => envelope([await derivedSettings(db, viewer, params.ownerType, params.id)]),
  });
}
