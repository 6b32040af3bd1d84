import type { Db } from '../src/db/index';

let sequence = 0;

export interface BuiltCatalog {
  groupId: number;
  /** accessLevel 1, defaultAllow: anyone may change their own. */
  open: number;
  /** a second open type, MLS default '0'. */
  open2: number;
  /** accessLevel 2: offices and above. */
  officeLevel: number;
  /** defaultAllow false: only from above the owner. */
  fromAbove: number;
  /** accessLevel 5: the MLS only. */
  mlsOnly: number;
}

/** A small settings catalogue: one Radio group with values 1, 0 and 99 and one type per editability case. */
export async function buildSettingsCatalog(db: Db): Promise<BuiltCatalog> {
  const n = ++sequence;
  const input = await db.one<{ id: number }>(
    `INSERT INTO setting_input_types (name) VALUES ('Radio') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  const group = await db.one<{ id: number }>('INSERT INTO setting_groups (name, setting_input_type_id) VALUES ($1, $2) RETURNING id', [
    `Group ${n}`,
    input!.id,
  ]);
  for (const [i, [s, l]] of [
    ['1', 'Yes'],
    ['0', 'No'],
    ['99', 'No - locked'],
  ].entries()) {
    await db.query('INSERT INTO setting_values (group_id, short_value, long_value, sort_order) VALUES ($1, $2, $3, $4)', [
      group!.id,
      s,
      l,
      i,
    ]);
  }
  const type = async (name: string, accessLevel: number, defaultAllow: boolean, defaultValue = '1') =>
    (await db.one<{ id: number }>(
      'INSERT INTO setting_types (group_id, name, access_level, default_allow, default_value) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [group!.id, `${name} ${n}`, accessLevel, defaultAllow, defaultValue],
    ))!.id;
  return {
    groupId: group!.id,
    open: await type('Open', 1, true),
    open2: await type('Open two', 1, true, '0'),
    officeLevel: await type('Office level', 2, true),
    fromAbove: await type('From above', 1, false),
    mlsOnly: await type('MLS only', 5, true),
  };
}

/** A connected application (is_connected) with the level that may switch it without an admin flag. */
export async function buildConnectedApp(db: Db, accessLevel = 3): Promise<number> {
  const n = ++sequence;
  const row = await db.one<{ id: number }>(
    `INSERT INTO applications (name, name_short, url, application_category, is_connected, access_level)
     VALUES ($1, $2, 'https://app.example.test/', 'member', true, $3) RETURNING id`,
    [`App ${n}`, `APP${n}`, accessLevel],
  );
  return row!.id;
}
