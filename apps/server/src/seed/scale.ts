import type { Db } from '../db/index';
import { hashPassword } from '../identity/credentials';
import { DEMO_ASSOCIATIONS } from './associations';
import { DEMO_PASSWORD } from './demo-accounts';
import { acceptCurrentEula } from './eula';
import { FIRST_NAMES, LAST_NAMES } from './random';
import { launchesScaleSeeder } from './scale-launches';
import { mlsListingsScaleSeeder } from './scale-mls-listings';
import { inboxNotificationsScaleSeeder } from './scale-notifications';
import { registeredScaleSeeder } from './scale-registered';
import { staffScaleSeeder } from './scale-staff';

/**
 * Large datasets for benchmarks, built with set-based SQL (`INSERT ... SELECT generate_series`), never row by row.
 * Each scale seeder owns one command-line option (`--members N`, later `--listings N`, ...), tops its data up to N
 * and is safe to run again: a second run with the same N adds nothing.
 */
export interface ScaleSeeder {
  /** The command-line option, without dashes: `members` for `--members N`. */
  option: string;
  description: string;
  /** How many rows `npm run bench` builds when its BENCH_<OPTION> variable is unset; none when absent. */
  benchDefault?: number;
  /** Tops the dataset up to `count` rows; answers how many it added. */
  run(db: Db, count: number, log: (line: string) => void): Promise<number>;
}

/** Members per scale office, on average; real MLS offices range from one agent to hundreds. */
const MEMBERS_PER_OFFICE = 25;
/** Offices per main office: one main and three branches. */
const OFFICES_PER_GROUP = 4;
const BATCH = 25_000;

/** Scale members' login ids: association code, 'M', 7 digits (`OCM0001234`); demo login ids never look like this. */
const SCALE_LOGIN = '^[A-Z]{2,3}M[0-9]{7}$';
/** Scale offices' codes: association code, 'S', 6 digits (`OCS000123`); demo offices are `{AOR}100` and the like. */
const SCALE_OFFICE = '^[A-Z]{2,3}S[0-9]{6}$';

/** A realistic mix of user classes: two in three are agents, one in ten a broker, the rest the other types. */
// biome-ignore format: a table reads better in rows
const CLASS_MIX: Array<[string, number]> = [
  ['AG', 55], ['AN', 5], ['HA', 3], ['CA', 3],
  ['DB', 4], ['DN', 2], ['CB', 3], ['HB', 1],
  ['OM', 3], ['ON', 1], ['HM', 1],
  ['OA', 5], ['PA', 5], ['AP', 2], ['PH', 2], ['OD', 1], ['OG', 1], ['TP', 1], ['AF', 2],
];
const USER_CLASS_WHEEL = CLASS_MIX.flatMap(([code, weight]) => Array<string>(weight).fill(code));

const OFFICE_BRANDS = ['Harbor', 'Summit', 'Golden State', 'Bluewater', 'Keystone', 'Sierra', 'Pacific', 'Evergreen', 'Coastline', 'Mesa'];
const OFFICE_LABELS = ['Realty', 'Properties', 'Home Group', 'Real Estate', 'Brokers'];

const countMatching = async (db: Db, table: 'members' | 'offices', column: string, pattern: string) =>
  (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} ~ $1`, [pattern]))?.n ?? 0;

/** Tops the scale offices up to `target`: groups of one main office and its branches, round-robin over the 13 associations. */
async function topUpOffices(db: Db, target: number): Promise<number> {
  const existing = await countMatching(db, 'offices', 'office_code', SCALE_OFFICE);
  if (existing >= target) return 0;
  const codes = DEMO_ASSOCIATIONS.map((a) => a.code);
  const systems = DEMO_ASSOCIATIONS.map((a) => a.system);
  const cities = DEMO_ASSOCIATIONS.flatMap((a) => [a.cities[0], a.cities[1], a.cities[2]]);
  await db.tx((q) =>
    q.query(
      `WITH k AS (
         SELECT k, (((k - 1) / $3) % cardinality($4::text[])) + 1 AS aor_ix, ((k - 1) / $3) * $3 + 1 AS main_k
         FROM generate_series($1::int, $2::int) AS k
       )
       INSERT INTO offices (office_code, name, main_office_code, aor_id, originating_system_id, phone, city)
       SELECT ($4::text[])[aor_ix] || 'S' || lpad(k::text, 6, '0'),
              ($7::text[])[(main_k % cardinality($7::text[])) + 1] || ' ' || ($8::text[])[(main_k % cardinality($8::text[])) + 1]
                || CASE WHEN k = main_k THEN '' ELSE ' - Branch ' || (k - main_k) END,
              ($4::text[])[aor_ix] || 'S' || lpad(main_k::text, 6, '0'),
              a.id,
              ($5::text[])[aor_ix],
              '(' || (200 + k % 789) || ') 555-' || lpad(((k * 7919) % 10000)::text, 4, '0'),
              ($6::text[])[(aor_ix - 1) * 3 + (k % 3) + 1]
       FROM k JOIN associations a ON a.short_name = ($4::text[])[aor_ix]`,
      [existing + 1, target, OFFICES_PER_GROUP, codes, systems, cities, OFFICE_BRANDS, OFFICE_LABELS],
    ),
  );
  return target - existing;
}

/** Inserts scale members `from..to` and one account each, all sharing `passwordHash`, in one statement. */
async function insertMembers(db: Db, from: number, to: number, officeCount: number, passwordHash: string): Promise<void> {
  await db.tx((q) =>
    q.query(
      `WITH n AS (
         SELECT n, (n::bigint * 2654435761) % 4294967296 AS h, ((n - 1) % $3) + 1 AS office_k
         FROM generate_series($1::int, $2::int) AS n
       ),
       source AS (
         SELECT n.n, o.id AS office_id, o.office_code, o.main_office_code, o.aor_id, o.originating_system_id, a.short_name,
                ($4::text[])[(n.h % cardinality($4::text[]))::int + 1] AS first_name,
                ($5::text[])[((n.h / 97) % cardinality($5::text[]))::int + 1] AS last_name,
                ($6::text[])[((n.h / 7) % cardinality($6::text[]))::int + 1] AS user_class,
                a.short_name || 'M' || lpad(n.n::text, 7, '0') AS login_id
         FROM n
         JOIN offices o
           ON o.office_code = ($8::text[])[(((n.office_k - 1) / $9) % cardinality($8::text[])) + 1] || 'S' || lpad(n.office_k::text, 6, '0')
         JOIN associations a ON a.id = o.aor_id
       ),
       inserted AS (
         INSERT INTO members (login_id, first_name, last_name, display_name, email, user_class, broker_code, broker_branch,
           agent_code, office_id, aor_id, mls_security_class, originating_system_id, state_license, phone)
         SELECT login_id, first_name, last_name, first_name || ' ' || last_name,
                lower(login_id) || '@members.example-mls.org', user_class, main_office_code, office_code, login_id,
                office_id, aor_id, user_class, originating_system_id, lpad((1000000 + n * 11 % 1200000)::text, 8, '0'),
                '(' || (200 + n % 789) || ') 555-' || lpad(((n * 7919) % 10000)::text, 4, '0')
         FROM source
         RETURNING id, login_id
       )
       INSERT INTO accounts (login_id, password_hash, member_id, password_changed_on)
       SELECT login_id, $7, id, now() FROM inserted`,
      [
        from,
        to,
        officeCount,
        FIRST_NAMES,
        LAST_NAMES,
        USER_CLASS_WHEEL,
        passwordHash,
        DEMO_ASSOCIATIONS.map((a) => a.code),
        OFFICES_PER_GROUP,
      ],
    ),
  );
}

export const membersScaleSeeder: ScaleSeeder = {
  option: 'members',
  benchDefault: 100_000,
  description: 'members with their accounts (password Portico#2026) in offices across the 13 associations',
  async run(db, count, log) {
    const existing = await countMatching(db, 'members', 'login_id', SCALE_LOGIN);
    if (existing >= count) {
      log(`members: ${existing} scale members already present`);
      return 0;
    }
    const officeCount = Math.ceil(count / MEMBERS_PER_OFFICE);
    const addedOffices = await topUpOffices(db, officeCount);
    log(`members: ${addedOffices} offices added (${officeCount} scale offices)`);
    // One argon2id hash for every scale account: hashing 100,000 passwords would take minutes and prove nothing.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const officesNow = await countMatching(db, 'offices', 'office_code', SCALE_OFFICE);
    for (let from = existing + 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      await insertMembers(db, from, to, officesNow, passwordHash);
      log(`members: ${to} / ${count}`);
    }
    await db.query('ANALYZE offices');
    await db.query('ANALYZE members');
    await db.query('ANALYZE accounts');
    return count - existing;
  },
};

/** Every scale seeder, in the order they run (later ones may use earlier ones' rows). A feature adds one line. */
export const scaleSeeders: ScaleSeeder[] = [
  membersScaleSeeder,
  staffScaleSeeder,
  mlsListingsScaleSeeder,
  inboxNotificationsScaleSeeder,
  registeredScaleSeeder,
  launchesScaleSeeder,
];

/** Runs the seeders named in `counts` (option -> N), in registration order. */
export async function seedScale(db: Db, counts: Record<string, number>, log: (line: string) => void = () => {}): Promise<void> {
  for (const seeder of scaleSeeders) {
    const count = counts[seeder.option];
    if (count === undefined) continue;
    const started = Date.now();
    const added = await seeder.run(db, count, log);
    log(`${seeder.option}: ${added} added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Scale members and staff have accepted the agreement, as the demo's have: benchmarks measure the portal, not the
  // EULA screen.
  await acceptCurrentEula(db, new Date(), '^[A-Z]{2,3}[MT][0-9]{7}$');
}

/** Parses `--option N` pairs; answers the counts or an error text. */
export function parseScaleArgs(args: string[]): { counts: Record<string, number> } | { error: string } {
  const counts: Record<string, number> = {};
  const known = new Set(scaleSeeders.map((s) => s.option));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg.split('=', 2);
    const option = flag.replace(/^--/, '');
    if (!flag.startsWith('--') || !known.has(option)) return { error: `Unknown option: ${arg}` };
    const raw = inline ?? args[++i];
    const count = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw.replace(/_/g, ''));
    if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
      return { error: `--${option} needs a whole number from 0 to 10,000,000` };
    counts[option] = count;
  }
  return { counts };
}
