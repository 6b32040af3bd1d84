import { DEFAULT_MLS_TIME_ZONE, PROPERTY_TYPE_CODES, RESTRICTED_PROPERTY_TYPES, todayIso } from '@portico/shared';
import type { Db } from '../db/index';
import { DEMO_ASSOCIATIONS } from './associations';
import { DIRECTIONS, placesOfAssociation, RECORD_TYPES, STREET_NAMES, SUFFIXES } from './registered-places';
import type { ScaleSeeder } from './scale';

/**
 * Registered listings at scale (issue 5: 1,000,000 listings over 100,000 members), set-based like the members
 * seeder, which must run first: listers are the scale agents, brokers and office managers. Every listing stands on
 * a public-record property of its association's cities (the gazetteer's data), so the address type-ahead and the
 * property report find what the list shows. Choices: docs/decisions/0205-registered-scale.md.
 */

/** Scale listings are those of scale list agents (agent code = login id `OCM0001234`); demo listers never match. */
const SCALE_AGENT = '^[A-Z]{2,3}M[0-9]{7}$';
/** Scale property records: `US-S` + 9 digits; demo ones are `US-{zip}-{7 digits}`. */
const SCALE_UPI = 'US-S%';
/** About two listings per address over two years: relisted after an expiry or a cancellation. */
const LISTINGS_PER_PROPERTY = 2;
const PROPERTY_BATCH = 100_000;
const LISTING_BATCH = 50_000;
/** Listings per agent are skewed (a few agents list many): lister = L * u^SKEW for u uniform in [0, 1). */
const SKEW = 1.4;

const MORE_STREETS = [
  'Alameda',
  'Camino Real',
  'Del Mar',
  'La Paz',
  'Rancho',
  'San Pedro',
  'Santa Fe',
  'Valencia',
  'Ventura',
  'Vineyard',
  'Walnut',
  'Elm',
  'Pine',
  'Birch',
  'Sycamore',
  'Chestnut',
  'Juniper',
  'Laurel',
  'Redwood',
  'Sequoia',
  'Washington',
  'Jefferson',
  'Madison',
  'Jackson',
  'Grant',
  'Franklin',
  'Highland',
  'Hillcrest',
  'Park',
  'Ridge',
  'River',
  'Meadow',
  'Sunrise',
  'Brookside',
  'Crestview',
  'Fairview',
  'Glenwood',
  'Lakeview',
  'Riverside',
  'Bayshore',
  'Coral',
  'Marina',
];
const STREETS = [...STREET_NAMES, ...MORE_STREETS];

const HASH = (v: string, mul: number, add = 0) => `((${v})::bigint * ${mul} + ${add}) % 4294967296`;

const countOf = async (db: Db, sql: string, params: unknown[]) => (await db.one<{ n: number }>(sql, params))?.n ?? 0;

/** Every association's ZIP places, flattened, with each association's offset and count into the arrays. */
function placeArrays() {
  const per = DEMO_ASSOCIATIONS.map((a) => placesOfAssociation(a));
  const all = per.flat();
  const offsets = per.map((_, i) => per.slice(0, i).reduce((n, p) => n + p.length, 0));
  return {
    offsets,
    counts: per.map((p) => p.length),
    zip: all.map((p) => p.postalCode),
    city: all.map((p) => p.city),
    state: all.map((p) => p.stateOrProvince),
    county: all.map((p) => p.county),
    lat: all.map((p) => p.latitude),
    lon: all.map((p) => p.longitude),
  };
}

/** Property p belongs to association ((p - 1) % 13) + 1; a listing picks one of its own association's properties. */
async function insertProperties(db: Db, from: number, to: number): Promise<void> {
  const a = placeArrays();
  await db.tx((q) =>
    q.query(
      `WITH p AS (
         SELECT p, ${HASH('p', 2654435761)} AS h, ${HASH('p', 2246822519, 3266489917)} AS g, ((p - 1) % 13) + 1 AS aor_ix
         FROM generate_series($1::int, $2::int) AS p
       ),
       placed AS (
         SELECT p, h, g, ($3::int[])[aor_ix] + (h % ($4::int[])[aor_ix])::int + 1 AS pl,
                (100 + (g % 19900))::text AS num,
                ($11::text[])[((h / 13) % cardinality($11::text[]))::int + 1] AS dir,
                ($12::text[])[((h / 101) % cardinality($12::text[]))::int + 1] AS street,
                ($13::text[])[((g / 7) % cardinality($13::text[]))::int + 1] AS suffix,
                CASE WHEN (g / 19993) % 12 = 0 THEN (1 + (h / 7) % 40)::text END AS unit
         FROM p
       )
       INSERT INTO property_records (upi, street_number, street_dir_prefix, street_name, street_suffix, unit_number, city,
         state_or_province, postal_code, zip4, county, latitude, longitude, property_type, full_street, search_text)
       SELECT 'US-S' || lpad(p::text, 9, '0'), num, dir, street, suffix, unit, ($6::text[])[pl], ($7::text[])[pl],
              ($5::text[])[pl], (1000 + (g / 23) % 9000)::text, ($8::text[])[pl],
              round((($9::float8[])[pl] + ((h / 31) % 4000 - 2000) / 100000.0)::numeric, 6)::float8,
              round((($10::float8[])[pl] + ((g / 37) % 4000 - 2000) / 100000.0)::numeric, 6)::float8,
              CASE WHEN unit IS NOT NULL THEN 'Rinc' ELSE ($14::text[])[((h / 7919) % cardinality($14::text[]))::int + 1] END,
              concat_ws(' ', num, dir, street, suffix),
              concat_ws(' ', num, dir, street, suffix) || COALESCE(' #' || unit, '') || ' ' || ($6::text[])[pl] || ' '
                || ($7::text[])[pl] || ' ' || ($5::text[])[pl]
       FROM placed`,
      [from, to, a.offsets, a.counts, a.zip, a.city, a.state, a.county, a.lat, a.lon, DIRECTIONS, STREETS, SUFFIXES, RECORD_TYPES],
    ),
  );
}

/**
 * Listings `from..to`: lister by a skewed hash, contract date over the last 730 days, an agreement of 30 to 180
 * days, a status drawn from shares that depend on whether it is past its expiry (docs/decisions/0205).
 */
async function insertListings(db: Db, from: number, to: number, listerCount: number, perAor: number, today: string) {
  await db.tx((q) =>
    q.query(
      `WITH listers AS MATERIALIZED (
         SELECT row_number() OVER (ORDER BY ${HASH('m.id', 2654435761)}, m.id)::int AS ix,
                row_number() OVER (PARTITION BY m.office_id ORDER BY m.id)::int AS office_pos,
                count(*) OVER (PARTITION BY m.office_id)::int AS office_n,
                m.id, m.agent_code, m.email, m.office_id, o.aor_id, a.short_name, array_position($5::text[], a.short_name) AS aor_ix
         FROM members m JOIN user_classes uc ON uc.code = m.user_class AND uc.member_type_value IN (1, 2, 3)
         JOIN offices o ON o.id = m.office_id JOIN associations a ON a.id = o.aor_id
         WHERE m.login_id ~ $6 AND m.agent_code IS NOT NULL AND m.member_status_id = 1
       ),
       k AS (
         SELECT k, ${HASH('k', 2654435761)} AS h1, ${HASH('k', 2246822519, 3266489917)} AS h2, ${HASH('k', 3266489917, 668265263)} AS h3
         FROM generate_series($1::int, $2::int) AS k
       ),
       dated AS (
         SELECT k.*, l.id AS agent_id, l.agent_code, l.email, l.office_id, l.aor_id, l.aor_ix, l.short_name, l.office_n,
                $3::date - (k.h2 % 730)::int AS contract, (30 + (k.h2 / 730) % 151)::int AS term, ((k.h3 / 11) % 100)::int AS roll,
                (k.h3 / 101) % 20 = 0 AS legacy
         FROM k JOIN listers l ON l.ix = 1 + floor($4::int * power(k.h1 / 4294967296.0, ${SKEW}))::int
       ),
       statused AS (
         SELECT d.*, d.contract + d.term AS expiration,
                CASE WHEN d.contract + d.term < $3::date - 7
                  THEN CASE WHEN roll < 52 THEN 'S' WHEN roll < 82 THEN 'K' WHEN roll < 95 THEN 'C' ELSE 'Z' END
                  ELSE CASE WHEN roll < 70 THEN 'A' WHEN roll < 88 THEN 'S' WHEN roll < 96 THEN 'C' ELSE 'Z' END
                END AS status,
                LEAST($3::date, d.contract + 1 + ((d.h1 / 7) % 29)::int) AS event_date
         FROM dated d
       ),
       typed AS (
         SELECT s.*, pr.*, CASE WHEN (s.h2 / 7) % 10 < 7 THEN pr.property_type
                  ELSE ($8::text[])[((s.h2 / 71) % cardinality($8::text[]))::int + 1] END AS picked_type
         FROM statused s JOIN property_records pr ON pr.upi = 'US-S' || lpad((s.aor_ix + 13 * ((s.h1 / 13) % $7::int))::text, 9, '0')
       )
       INSERT INTO registered_listings (listing_id, standard_status, listing_contract_date, expiration_date, start_showing_date,
         cancellation_date, promoted_date, promoted_mls_id, property_type, list_price, unparsed_address, street_number,
         street_number_numeric, street_dir_prefix, street_name, street_suffix, unit_number, city, state_or_province, postal_code,
         postal_code_plus4, county_or_parish, latitude, longitude, universal_property_id, list_agent_mls_id, list_agent_member_id,
         co_list_agent_mls_id, co_list_agent_member_id, offers_email, office_id, aor_id, expiry_notice_sent_on,
         created_by, modified_by, created_on, modified_on)
       SELECT CASE WHEN t.legacy THEN t.short_name || 'L' ELSE 'AA' END || nextval('registered_listing_number_seq'),
              t.status, t.contract, t.expiration,
              CASE WHEN (t.h3 / 13) % 100 >= 15 THEN t.contract + ((t.h3 / 17) % 21)::int END,
              CASE t.status WHEN 'K' THEN t.expiration + 8 WHEN 'C' THEN t.event_date END,
              CASE WHEN t.status = 'S' THEN t.event_date END,
              CASE WHEN t.status = 'S' THEN nextval('mls_listing_number_seq')::text END,
              ty.final_type,
              CASE WHEN ty.final_type IN ('Rlse', 'Clse') THEN (6 + (t.h1 / 3) % 40) * 250
                   WHEN ty.final_type = 'Land' THEN (10 + (t.h1 / 3) % 300) * 5000
                   ELSE (60 + (t.h1 / 3) % 540) * 5000 END,
              t.full_street || COALESCE(' #' || t.unit_number, '') || ', ' || t.city || ', ' || t.state_or_province || ' ' || t.postal_code,
              t.street_number, t.street_number::int, t.street_dir_prefix, t.street_name, t.street_suffix, t.unit_number, t.city,
              t.state_or_province, t.postal_code, t.zip4, t.county, t.latitude, t.longitude, t.upi, t.agent_code, t.agent_id,
              co.agent_code, co.id, CASE WHEN (t.h2 / 13) % 3 = 0 THEN t.email END, t.office_id, t.aor_id,
              CASE WHEN t.status = 'A' AND t.expiration <= $3::date + 10 THEN t.expiration - 10 END,
              t.agent_id, t.agent_id, t.contract + (480 + t.h2 % 600) * interval '1 minute',
              CASE WHEN t.status IN ('S', 'C', 'Z') THEN t.event_date + (480 + t.h3 % 600) * interval '1 minute'
                   WHEN t.status = 'K' THEN (t.expiration + 8)::timestamp
                   ELSE t.contract + (480 + t.h2 % 600) * interval '1 minute' END
       FROM typed t
       CROSS JOIN LATERAL (SELECT CASE WHEN t.legacy AND t.picked_type = ANY($9::text[]) THEN 'Resi' ELSE t.picked_type END AS final_type) ty
       LEFT JOIN listers co ON (t.h3 / 7) % 5 = 0 AND co.office_id = t.office_id
         AND co.office_pos = 1 + ((t.h3 / 5) % t.office_n)::int AND co.id <> t.agent_id`,
      [
        from,
        to,
        today,
        listerCount,
        DEMO_ASSOCIATIONS.map((a) => a.code),
        SCALE_AGENT,
        perAor,
        PROPERTY_TYPE_CODES,
        RESTRICTED_PROPERTY_TYPES,
      ],
    ),
  );
}

async function countListers(db: Db): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS n FROM members m JOIN user_classes uc ON uc.code = m.user_class AND uc.member_type_value IN (1, 2, 3)
     JOIN offices o ON o.id = m.office_id WHERE m.login_id ~ $1 AND m.agent_code IS NOT NULL AND m.member_status_id = 1`,
    [SCALE_AGENT],
  );
}

export const registeredScaleSeeder: ScaleSeeder = {
  option: 'registered',
  benchDefault: 1_000_000,
  description: 'registered listings of the scale agents, brokers and managers, every status, on public-record addresses',
  async run(db, count, log) {
    const existing = await countOf(db, 'SELECT count(*)::int AS n FROM registered_listings WHERE list_agent_mls_id ~ $1', [SCALE_AGENT]);
    if (existing >= count) {
      log(`registered: ${existing} scale listings already present`);
      return 0;
    }
    const listers = await countListers(db);
    if (listers === 0) throw new Error('registered: no scale listers; seed --members first');
    const properties = Math.max(13, Math.ceil(count / LISTINGS_PER_PROPERTY / 13) * 13);
    const havePlaces = await countOf(db, 'SELECT count(*)::int AS n FROM property_records WHERE upi LIKE $1', [SCALE_UPI]);
    for (let from = havePlaces + 1; from <= properties; from += PROPERTY_BATCH) {
      const to = Math.min(properties, from + PROPERTY_BATCH - 1);
      await insertProperties(db, from, to);
      log(`registered: ${to} / ${properties} property records`);
    }
    const perAor = Math.floor(Math.max(havePlaces, properties) / 13);
    const today = todayIso(DEFAULT_MLS_TIME_ZONE);
    for (let from = existing + 1; from <= count; from += LISTING_BATCH) {
      const to = Math.min(count, from + LISTING_BATCH - 1);
      await insertListings(db, from, to, listers, perAor, today);
      log(`registered: ${to} / ${count} listings`);
    }
    await db.query('ANALYZE property_records');
    await db.query('ANALYZE registered_listings');
    return count - existing;
  },
};
