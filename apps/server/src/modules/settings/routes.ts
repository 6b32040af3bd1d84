import {
  derivedOwnerParamsSchema,
  envelope,
  idParamSchema,
  memberSettingWriteSchema,
  officeSettingWriteSchema,
  querySchema,
  type StoredSetting,
  settingsPageSaveSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index';
import { badRequest, notFound } from '../../lib/errors';
import { type ResourceSpec, runQuery } from '../../lib/query-engine';
import { route } from '../../lib/route';
import { reachWhere } from '../directory/index';
import { MEMBER_SETTING_SPEC, OFFICE_SETTING_SPEC } from './repository';
import { derivedSettings, saveSettings } from './service';

const OWNERS = {
  member: {
    path: 'MemberSettings',
    table: 'member_settings',
    column: 'member_id',
    spec: MEMBER_SETTING_SPEC,
    body: memberSettingWriteSchema,
  },
  office: {
    path: 'OfficeSettings',
    table: 'office_settings',
    column: 'office_id',
    spec: OFFICE_SETTING_SPEC,
    body: officeSettingWriteSchema,
  },
} as const;

const present = (row: StoredSetting): StoredSetting => ({
  id: row.id,
  typeId: row.typeId,
  shortValue: row.shortValue,
  actionRequired: row.actionRequired,
  ...(row.memberId !== undefined ? { memberId: row.memberId } : {}),
  ...(row.officeId !== undefined ? { officeId: row.officeId } : {}),
  createdBy: row.createdBy,
  createdOn: new Date(row.createdOn).toISOString(),
  modifiedBy: row.modifiedBy,
  modifiedOn: new Date(row.modifiedOn).toISOString(),
});

async function storedById(q: Queryable, spec: ResourceSpec, ids: number[]): Promise<StoredSetting[]> {
  const rows = await q.query<StoredSetting>(`SELECT ${spec.select} FROM ${spec.from} WHERE s.id = ANY($1) ORDER BY s.id`, [ids]);
  return rows.map(present);
}

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  for (const ownerType of ['member', 'office'] as const) {
    const o = OWNERS[ownerType];
    const ownerIdOf = (body: { memberId?: number; officeId?: number }) =>
      (ownerType === 'member' ? body.memberId : body.officeId) as number;

    route(app, {
      method: 'POST',
      url: `/api/app/${o.path}/q`,
      access: 'member',
      summary: `Stored ${ownerType} settings inside the viewer's reach (their own below level 2)`,
      tags: ['settings'],
      body: querySchema,
      handler: async ({ body, viewer, db }) => {
        const scope = reachWhere(viewer, { office: 'o', member: ownerType === 'member' ? 'm' : null });
        const result = await runQuery<StoredSetting>(db, o.spec, body, scope);
        return envelope(result.rows.map(present), '', result);
      },
    });

    route(app, {
      method: 'POST',
      url: `/api/app/${o.path}`,
      access: 'member',
      summary: `Creates (or replaces) one ${ownerType} setting; the editability rule and the writer's reach apply`,
      tags: ['settings'],
      body: o.body,
      handler: async ({ body, viewer, db }) => {
        const ids = await saveSettings(db, viewer, ownerType, ownerIdOf(body), [body], 'settings');
        return envelope(await storedById(db, o.spec, ids), 'Settings saved!');
      },
    });

    for (const method of ['POST', 'PUT'] as const) {
      route(app, {
        method,
        url: `/api/app/${o.path}/:id`,
        access: 'member',
        summary: `Saves one stored ${ownerType} setting by id`,
        tags: ['settings'],
        params: idParamSchema,
        body: o.body,
        handler: async ({ params, body, viewer, db }) => {
          const row = await db.one<{ owner: number; type_id: number }>(
            `SELECT ${o.column} AS owner, type_id FROM ${o.table} WHERE id = $1`,
            [params.id],
          );
          if (!row) throw notFound('The setting');
          if (row.owner !== ownerIdOf(body) || row.type_id !== body.typeId) {
            throw badRequest('The setting does not match its id.', [
              { field: 'typeId', message: 'The setting type and owner cannot change' },
            ]);
          }
          const ids = await saveSettings(db, viewer, ownerType, ownerIdOf(body), [body], 'settings');
          return envelope(await storedById(db, o.spec, ids), 'Settings saved!');
        },
      });
    }

    route(app, {
      method: 'PUT',
      url: `/api/app/${o.path}`,
      access: 'member',
      summary: `Saves a settings page of one ${ownerType} in one transaction: all of it, or nothing`,
      tags: ['settings'],
      body: settingsPageSaveSchema,
      handler: async ({ body, viewer, db }) => {
        const ids = await saveSettings(db, viewer, ownerType, body.ownerId, body.settings);
        return envelope(await storedById(db, o.spec, ids), 'Settings saved!');
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/DerivedSettings/:ownerType/:id',
    access: 'member',
    summary: 'Effective settings of a member or office (member > office > main office > association > MLS), as edited by the viewer',
    tags: ['settings'],
    params: derivedOwnerParamsSchema,
    handler: async ({ params, viewer, db }) => envelope([await derivedSettings(db, viewer, params.ownerType, params.id)]),
  });
}
