import type { Queryable } from '../db/index';
import { DEMO_ASSOCIATIONS } from './associations';

/** Typical list prices per association (US dollars): coastal markets dear, inland ones cheaper. */
const MEDIAN_PRICE: Record<string, number> = {
  AR: 1_250_000,
  CV: 1_150_000,
  DW: 780_000,
  GSM: 1_650_000,
  JT: 420_000,
  LG: 2_400_000,
  MD: 430_000,
  MP: 720_000,
  NP: 2_100_000,
  ND: 260_000,
  OC: 1_050_000,
  PT: 640_000,
  SB: 280_000,
};
/** The large associations get the most listings. */
export const LARGE_ASSOCIATIONS = new Set(['OC', 'NP', 'LG', 'AR', 'CV']);
// biome-ignore format: a list reads better on a few lines
const STREETS = ['Ocean', 'Main', 'Harbor', 'Palm', 'Sunset', 'Oak', 'Maple', 'Vista', 'Canyon', 'Bayview', 'Pacific', 'Mesa',
  'Cypress', 'Willow'];
const SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Way', 'Ct', 'Blvd', 'Pl'];

export interface ListingBatch {
  /** Listing numbers k = from..to. Every draw is a hash of (k, salt, draw), so one k always gives one listing. */
  from: number;
  to: number;
  /** Association codes to draw from, one per slot: repeat a code to weight it. */
  wheel: string[];
  salt: number;
  /** Days of history: contract dates fall between today and this many days ago. */
  days: number;
  /** 'sequence': MLS numbers from mls_listing_number_seq (demo); 'scale': `{AOR}L` + 8 digits of k (recognisable). */
  numbering: 'sequence' | 'scale';
}

/** A uniform draw in [0, 1) from 53 bits of PostgreSQL's seeded 64-bit hash of the row number. */
const draw = (n: number) =>
  `(((hashint8extended(g::bigint, $7::bigint * 64 + ${n}) >> 11) & 9007199254740991)::float8 / 9007199254740992.0)`;

/**
 * Inserts listings k = from..to in one set-based statement (fast on PGlite and PostgreSQL), each listed by a
 * member of an ordinary office of its association. Each listing goes on the market 0-3 days after its contract;
 * 78% sell, going pending after 3-120 days (most within a month) and closing 20-45 days later at 94-103% of list
 * (a little higher in a hot spring); the others expire, are canceled or withdrawn. Statuses follow from the dates
 * as of today. Prices are log-normal around the association's median and appreciate about 5% a year.
 */
export async function insertMlsListings(q: Queryable, batch: ListingBatch): Promise<void> {
  const codes = DEMO_ASSOCIATIONS.map((a) => a.code);
  await q.query(
    `WITH meta AS (
       SELECT m.code, a.id AS aor_id, m.median, m.state, ARRAY[m.c1, m.c2, m.c3] AS cities
         FROM unnest($3::text[], $4::numeric[], $5::text[], $6::text[], $8::text[], $9::text[]) AS m(code, median, state, c1, c2, c3)
         JOIN associations a ON a.short_name = m.code),
     agents AS (
       SELECT m.aor_id, array_agg(m.id ORDER BY m.id) AS member_ids, array_agg(m.office_id ORDER BY m.id) AS office_ids
         FROM members m JOIN offices o ON o.id = m.office_id
        WHERE m.aor_id IN (SELECT aor_id FROM meta) AND o.office_code NOT LIKE '%900' AND o.office_code <> 'MLS000'
        GROUP BY m.aor_id),
     raw AS (
       SELECT g, ($10::text[])[1 + floor(${draw(0)} * cardinality($10::text[]))::int] AS code,
              ${draw(1)} AS r_age, ${draw(2)} AS r_sell, ${draw(3)} AS r_dom, ${draw(4)} AS r_esc, ${draw(5)} AS r_out,
              (${draw(6)} + ${draw(7)} + ${draw(8)} + ${draw(9)} - 2.0) AS r_norm, ${draw(10)} AS r_close,
              ${draw(11)} AS r_type, ${draw(12)} AS r_agent, ${draw(13)} AS r_addr, ${draw(14)} AS r_price
         FROM generate_series($1::int, $2::int) AS g),
     shaped AS (
       SELECT r.*, floor(r.r_age * $11)::int AS age_days,
              CURRENT_DATE - floor(r.r_age * $11)::int AS contract_date,
              CURRENT_DATE - floor(r.r_age * $11)::int + floor(r.r_close * 4)::int AS on_market,
              CURRENT_DATE - floor(r.r_age * $11)::int + floor(r.r_close * 4)::int + (3 + floor(power(r.r_dom, 2.2) * 117))::int AS pend,
              r.r_sell < 0.78 AS sells
         FROM raw r),
     dated AS (
       SELECT s.*, s.pend + (20 + floor(s.r_esc * 26))::int AS close_on,
              CASE
                WHEN s.sells AND s.pend > CURRENT_DATE THEN 'Active'
                WHEN s.sells AND s.pend + (20 + floor(s.r_esc * 26))::int > CURRENT_DATE THEN 'Pending'
                WHEN s.sells THEN 'Closed'
                WHEN s.on_market + (90 + floor(s.r_esc * 90))::int > CURRENT_DATE THEN 'Active'
                WHEN s.r_out < 0.5 THEN 'Expired' WHEN s.r_out < 0.75 THEN 'Canceled' ELSE 'Withdrawn'
              END AS status,
              round((m.median * exp(s.r_norm * 0.55) * (1 + 0.05 * ($11 - s.age_days) / 365.0)
                     * CASE WHEN s.r_type >= 0.95 THEN 0.35 ELSE 1 END) / 1000) * 1000 AS list_price,
              m.aor_id, m.state, m.cities, a.member_ids, a.office_ids
         FROM shaped s JOIN meta m ON m.code = s.code JOIN agents a ON a.aor_id = m.aor_id)
     INSERT INTO mls_listings (mls_listing_id, aor_id, office_id, list_agent_member_id, standard_status, property_type,
       list_price, close_price, listing_contract_date, on_market_date, pending_date, close_date, unparsed_address, city,
       state_or_province, postal_code)
     SELECT CASE WHEN $14 = 'scale' THEN d.code || 'L' || lpad(d.g::text, 8, '0') ELSE nextval('mls_listing_number_seq')::text END,
            d.aor_id, d.office_ids[1 + floor(d.r_agent * cardinality(d.office_ids))::int],
            d.member_ids[1 + floor(d.r_agent * cardinality(d.member_ids))::int], d.status,
            CASE WHEN d.r_type < 0.84 THEN 'Residential' WHEN d.r_type < 0.95 THEN 'Residential Income' ELSE 'Land' END,
            d.list_price,
            CASE WHEN d.status = 'Closed' THEN round(d.list_price * (0.94 + floor(d.r_price * 90) / 1000.0
              + CASE WHEN extract(month FROM d.close_on) BETWEEN 3 AND 6 THEN 0.01 ELSE 0 END) / 100) * 100 END,
            d.contract_date, d.on_market,
            CASE WHEN d.sells AND d.pend <= CURRENT_DATE THEN d.pend END,
            CASE WHEN d.status = 'Closed' THEN d.close_on END,
            (100 + floor(d.r_addr * 9800))::int || ' ' || ($12::text[])[1 + floor(d.r_addr * 1000)::int % cardinality($12::text[])] || ' '
              || ($13::text[])[1 + floor(d.r_addr * 100000)::int % cardinality($13::text[])],
            d.cities[1 + (d.g % 3)], d.state, lpad((90000 + floor(d.r_addr * 9999))::int::text, 5, '0')
       FROM dated d
      ORDER BY d.g`,
    [
      batch.from,
      batch.to,
      codes,
      codes.map((c) => MEDIAN_PRICE[c] ?? 700_000),
      codes.map((c) => (c === 'ND' || c === 'SB' ? 'LA' : 'CA')),
      DEMO_ASSOCIATIONS.map((a) => a.cities[0]),
      batch.salt,
      DEMO_ASSOCIATIONS.map((a) => a.cities[1]),
      DEMO_ASSOCIATIONS.map((a) => a.cities[2]),
      batch.wheel,
      batch.days,
      STREETS,
      SUFFIXES,
      batch.numbering,
    ],
  );
}

/** At least 5,000 listings per large association over two years (issue 4, section 5); 1,500 for the others. */
export async function seedDashboardListings(q: Queryable): Promise<void> {
  for (const [salt, a] of DEMO_ASSOCIATIONS.entries()) {
    const count = LARGE_ASSOCIATIONS.has(a.code) ? 6_000 : 1_500;
    await insertMlsListings(q, { from: 1, to: count, wheel: [a.code], salt, days: 730, numbering: 'sequence' });
  }
}
