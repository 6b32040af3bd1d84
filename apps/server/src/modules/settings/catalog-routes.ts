import { envelope, idParamSchema, querySchema, type SettingGroup, visibleOptions } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { runQuery } from '../../lib/query-engine';
import { route } from '../../lib/route';
import { groupExists, INPUT_TYPE_SPEC, SETTING_GROUP_SPEC, SETTING_TYPE_SPEC, typesOfGroup, valuesOfGroups } from './repository';

/** The settings catalogue: input types, groups with their values, and setting types. Every member reads it. */
export async function settingsCatalogRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/SettingTypes/q',
    access: 'member',
    summary: 'Setting types (accessLevel, defaultAllow, MLS default value)',
    tags: ['settings'],
    body: querySchema,
    handler: async ({ body, db }) => {
      const result = await runQuery(db, SETTING_TYPE_SPEC, body);
      return envelope(result.rows, '', result);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/InputTypes/q',
    access: 'member',
    summary: 'Setting input types (Radio, Select, Toggle)',
    tags: ['settings'],
    body: querySchema,
    handler: async ({ body, db }) => {
      const result = await runQuery(db, INPUT_TYPE_SPEC, body);
      return envelope(result.rows, '', result);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SettingGroups/q',
    access: 'member',
    summary: 'Setting groups with their values; values with short value 99 are left out below level 3',
    tags: ['settings'],
    body: querySchema,
    handler: async ({ body, db, viewer }) => {
      const result = await runQuery<Omit<SettingGroup, 'settingValues'>>(db, SETTING_GROUP_SPEC, body);
      const values = await valuesOfGroups(
        db,
        result.rows.map((g) => g.id),
      );
      const groups: SettingGroup[] = result.rows.map((g) => ({
        ...g,
        settingValues: visibleOptions(
          values.filter((v) => v.groupId === g.id),
          viewer.level,
        ),
      }));
      return envelope(groups, '', result);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SettingGroups/:id/types',
    access: 'member',
    summary: 'The setting types of one group',
    tags: ['settings'],
    params: idParamSchema,
    handler: async ({ params, db }) => {
      if (!(await groupExists(db, params.id))) throw notFound('The setting group');
      return envelope(await typesOfGroup(db, params.id));
    },
  });
}
