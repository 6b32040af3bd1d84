import type { Queryable } from '../db/index';
import type { Rng } from './random';
import { INPUT_TYPES, SETTINGS_CATALOG } from './settings-catalog';
import {
  CONNECTED_APPS,
  DEMO_ASSOCIATION_VALUES,
  DEMO_MEMBER_VALUES,
  DEMO_OFFICE_APP_CHOICES,
  DEMO_OFFICE_VALUES,
} from './settings-demo-values';

const idOf = async (q: Queryable, sql: string, key: string) => {
  const row = await q.one<{ id: number }>(sql, [key]);
  if (!row) throw new Error(`settings seed: '${key}' not found`);
  return row.id;
};

/** The settings catalogue with values at several levels, and the connected applications with office choices. */
export async function seedSettings(q: Queryable, _rng: Rng): Promise<void> {
  for (const [name, description] of INPUT_TYPES) {
    await q.query('INSERT INTO setting_input_types (name, description) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, description]);
  }
  for (const [g, group] of SETTINGS_CATALOG.entries()) {
    const groupId = (await q.one<{ id: number }>(
      `INSERT INTO setting_groups (name, description, setting_input_type_id, sort_order)
       VALUES ($1, $2, (SELECT id FROM setting_input_types WHERE name = $3), $4) RETURNING id`,
      [group.name, group.description, group.inputType, g + 1],
    ))!.id;
    for (const [v, [short, long]] of group.values.entries()) {
      await q.query('INSERT INTO setting_values (group_id, short_value, long_value, sort_order) VALUES ($1, $2, $3, $4)', [
        groupId,
        short,
        long,
        v + 1,
      ]);
    }
    for (const [t, type] of group.types.entries()) {
      await q.query(
        `INSERT INTO setting_types (group_id, name, description, access_level, default_allow, default_value, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [groupId, type.name, type.description, type.accessLevel, type.defaultAllow, type.defaultValue, t + 1],
      );
    }
  }
  const typeId = (name: string) => idOf(q, 'SELECT id FROM setting_types WHERE name = $1', name);
  const memberId = (login: string) => idOf(q, 'SELECT id FROM members WHERE login_id = $1', login);
  const mlsAdmin = await memberId('mlsstaff');
  for (const [aor, type, value] of DEMO_ASSOCIATION_VALUES) {
    await q.query(
      'INSERT INTO association_settings (aor_id, type_id, short_value, modified_by) VALUES ((SELECT id FROM associations WHERE short_name = $1), $2, $3, $4)',
      [aor, await typeId(type), value, mlsAdmin],
    );
  }
  const broker = await memberId('broker');
  for (const [office, type, value] of DEMO_OFFICE_VALUES) {
    const officeId = await idOf(q, 'SELECT id FROM offices WHERE office_code = $1', office);
    const tid = await typeId(type);
    await q.query('INSERT INTO office_settings (office_id, type_id, short_value, created_by, modified_by) VALUES ($1, $2, $3, $4, $4)', [
      officeId,
      tid,
      value,
      broker,
    ]);
    await q.query(
      `INSERT INTO setting_changes (owner_type, owner_id, type_id, old_value, new_value, changed_by) VALUES ('office', $1, $2, NULL, $3, $4)`,
      [officeId, tid, value, broker],
    );
  }
  for (const [login, type, value, by] of DEMO_MEMBER_VALUES) {
    const [mid, tid, byId] = [await memberId(login), await typeId(type), await memberId(by)];
    await q.query('INSERT INTO member_settings (member_id, type_id, short_value, created_by, modified_by) VALUES ($1, $2, $3, $4, $4)', [
      mid,
      tid,
      value,
      byId,
    ]);
    await q.query(
      `INSERT INTO setting_changes (owner_type, owner_id, type_id, old_value, new_value, changed_by) VALUES ('member', $1, $2, NULL, $3, $4)`,
      [mid, tid, value, byId],
    );
  }

  // The launcher seed (another feature) may insert the same applications: both seeds upsert by name_short.
  for (const app of CONNECTED_APPS) {
    await q.query(
      `INSERT INTO applications (name, name_short, url, hover_text, application_category, is_connected, access_level)
       VALUES ($1, $2, $3, $4, 'member', true, $5)
       ON CONFLICT (name_short) DO UPDATE SET is_connected = true, access_level = EXCLUDED.access_level`,
      [app.name, app.short, app.url, app.hover, app.accessLevel],
    );
  }
  for (const [office, app, accessControl] of DEMO_OFFICE_APP_CHOICES) {
    await q.query(
      `INSERT INTO office_applications (office_id, application_id, access_control, modified_by)
       VALUES ((SELECT id FROM offices WHERE office_code = $1), (SELECT id FROM applications WHERE name_short = $2), $3, $4)
       ON CONFLICT (office_id, application_id) DO UPDATE SET access_control = EXCLUDED.access_control`,
      [office, app, accessControl, broker],
    );
  }
}
