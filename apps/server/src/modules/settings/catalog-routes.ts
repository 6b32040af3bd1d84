import {
  envelope,
  envelopeSchema,
  idParamSchema,
  querySchema,
  settingGroupSchema,
  settingInputTypeSchema,
  settingTypeSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { can, member } from '../../lib/guard';
import { route } from '../../lib/route';
import { queryCatalogue, querySettingGroups, settingGroup, typesOfSettingGroup } from './service';

/** The settings catalogue: input types, groups with their values, and setting types. Every member reads it. */
export async function settingsCatalogRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/SettingTypes/q',
    guard: member,
    summary: 'Setting types (accessLevel, defaultAllow, MLS default value)',
    tags: ['settings'],
    body: querySchema,
    response: envelopeSchema(settingTypeSchema),
    handler: async ({ body, db }) => {
      const result = await queryCatalogue(db, 'settingTypes', body);
      return envelope(result.rows, '', result);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/InputTypes/q',
    guard: member,
    summary: 'Setting input types (Radio, Select, Toggle)',
    tags: ['settings'],
    body: querySchema,
    response: envelopeSchema(settingInputTypeSchema),
    handler: async ({ body, db }) => {
      const result = await queryCatalogue(db, 'inputTypes', body);
      return envelope(result.rows, '', result);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SettingGroups/q',
    guard: member,
    summary: 'Setting groups with their values; values with short value 99 are left out below level 3',
    tags: ['settings'],
    body: querySchema,
    response: envelopeSchema(settingGroupSchema),
    handler: async ({ body, db, viewer }) => {
      const result = await querySettingGroups(db, viewer, body);
      return envelope(result.rows, '', result);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SettingGroups/:id/types',
    guard: can('settings.group.types', settingGroup),
    summary: 'The setting types of one group',
    tags: ['settings'],
    params: idParamSchema,
    response: envelopeSchema(settingTypeSchema),
    handler: async ({ row, db }) => envelope(await typesOfSettingGroup(db, row.id)),
  });
}
