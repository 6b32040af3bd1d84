import {
  associationSettingWriteSchema,
  derivedOwnerParamsSchema,
  derivedSettingsSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  memberSettingWriteSchema,
  officeSettingWriteSchema,
  querySchema,
  SETTING_LEVEL,
  type SettingOwnerType,
  settingsPageSaveSchema,
  storedSettingSchema,
  type Viewer,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { reachWhere } from '../directory/index';
import { mayReadOwner, mayWriteOwner, refuseRead, refuseWrite } from './policy';
import { presentStoredSetting } from './presenter';
import {
  derivedSettingsOf,
  ownerInPath,
  ownerOfPage,
  ownerOfSetting,
  ownerOfStoredSetting,
  queryStoredSettings,
  saveSettingsOf,
} from './service';

/** Association settings are for association staff and the MLS; members' and offices' for any member, over their reach. */
const isAssociationStaff = (v: Viewer) => v.level >= SETTING_LEVEL.association;

/** The three owners of stored settings share every call; they differ in path, body, who may call and row scope. */
const OWNERS: Record<
  SettingOwnerType,
  {
    path: string;
    body: typeof memberSettingWriteSchema | typeof officeSettingWriteSchema | typeof associationSettingWriteSchema;
    allow?: (v: Viewer) => boolean;
    reach: string;
    scope: (v: Viewer) => { where: string; params: unknown[] };
  }
> = {
  member: {
    path: 'MemberSettings',
    body: memberSettingWriteSchema,
    reach: "members in the viewer's reach (their own below level 2)",
    scope: (v) => reachWhere(v, { office: 'o', member: 'm' }),
  },
  office: {
    path: 'OfficeSettings',
    body: officeSettingWriteSchema,
    reach: "offices in the viewer's reach",
    scope: (v) => reachWhere(v, { office: 'o', member: null }),
  },
  association: {
    path: 'AssociationSettings',
    body: associationSettingWriteSchema,
    allow: isAssociationStaff,
    reach: "the viewer's association (all for the MLS)",
    scope: (v) => (v.level >= SETTING_LEVEL.mls ? { where: 'TRUE', params: [] } : { where: 's.aor_id = $1', params: [v.aorId ?? -1] }),
  },
};

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  for (const ownerType of ['member', 'office', 'association'] as const) {
    const o = OWNERS[ownerType];

    route(app, {
      method: 'POST',
      url: `/api/app/${o.path}/q`,
      guard: scoped(`settings.${ownerType}.search`, o.reach, o.allow),
      summary: `Stored ${ownerType} settings inside the viewer's reach (their own below level 2)`,
      tags: ['settings'],
      body: querySchema,
      response: envelopeSchema(storedSettingSchema),
      handler: async ({ body, viewer, db }) => {
        const result = await queryStoredSettings(db, ownerType, body, o.scope(viewer));
        return envelope(result.rows.map(presentStoredSetting), '', result);
      },
    });

    route(app, {
      method: 'POST',
      url: `/api/app/${o.path}`,
      guard: can(`settings.${ownerType}.write`, ownerOfSetting(ownerType), mayWriteOwner, { allow: o.allow, refuse: refuseWrite }),
      summary: `Creates (or replaces) one ${ownerType} setting; the editability rule and the writer's reach apply`,
      tags: ['settings'],
      body: o.body,
      response: envelopeSchema(storedSettingSchema),
      handler: async ({ body, viewer, db, row }) => {
        const stored = await saveSettingsOf(db, viewer, row, [body], 'settings');
        return envelope(stored.map(presentStoredSetting), 'Settings saved!');
      },
    });

    for (const method of ['POST', 'PUT'] as const) {
      route(app, {
        method,
        url: `/api/app/${o.path}/:id`,
        guard: can(`settings.${ownerType}.write`, ownerOfStoredSetting(ownerType), mayWriteOwner, { allow: o.allow, refuse: refuseWrite }),
        summary: `Saves one stored ${ownerType} setting by id`,
        tags: ['settings'],
        params: idParamSchema,
        body: o.body,
        response: envelopeSchema(storedSettingSchema),
        handler: async ({ body, viewer, db, row }) => {
          const stored = await saveSettingsOf(db, viewer, row, [body], 'settings');
          return envelope(stored.map(presentStoredSetting), 'Settings saved!');
        },
      });
    }

    route(app, {
      method: 'PUT',
      url: `/api/app/${o.path}`,
      guard: can(`settings.${ownerType}.write`, ownerOfPage(ownerType), mayWriteOwner, { allow: o.allow, refuse: refuseWrite }),
      summary: `Saves a settings page of one ${ownerType} in one transaction: all of it, or nothing`,
      tags: ['settings'],
      body: settingsPageSaveSchema,
      response: envelopeSchema(storedSettingSchema),
      handler: async ({ body, viewer, db, row }) => {
        const stored = await saveSettingsOf(db, viewer, row, body.settings);
        return envelope(stored.map(presentStoredSetting), 'Settings saved!');
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/DerivedSettings/:ownerType/:id',
    guard: can('settings.read', ownerInPath, mayReadOwner, { refuse: refuseRead }),
    summary:
      'Effective settings of a member, office or association (member > office > main office > association > MLS), as edited by the viewer',
    tags: ['settings'],
    params: derivedOwnerParamsSchema,
    response: envelopeSchema(derivedSettingsSchema),
    handler: async ({ viewer, db, row }) => envelope([await derivedSettingsOf(db, viewer, row)]),
  });
}
