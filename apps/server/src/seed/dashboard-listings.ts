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
const LARGE = new Set(['OC', 'NP', 'LG', 'AR', 'CV']);
const STREETS = [
  'Ocean',
  'Main',
  'Harbor',
  'Palm',
  'Sunset',
  'Oak',
  'Maple',
  'Vista',
  'Canyon',
  'Bayview',
  'Pacific',
  'Mesa',
  'Cypress',
  'Willow',
];
const SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Way', 'Ct', 'Blvd', 'Pl'];

/**
 * Listings spread over the last two years, generated in SQL in one statement per association (fast on PGlite
 * and PostgreSQL). Each listing goes on the market 0-3 days after its contract; 78% sell, going pending after
 * 3-120 days (most within a month) and closing 20-45 days later; the others expire, are canceled or withdrawn.
 * Statuses follow from the dates as of today. Prices are log-normal around the association's median and
 * appreciate about 5% a year; sales close at 94-103% of list.
 */
export async function seedMlsListings(
  q: Queryable,
  aorCode: string,
  count: number,
  medianPrice = MEDIAN_PRICE[aorCode] ?? 700_000,
): Promise<void> {
  const assoc = DEMO_ASSOCIATIONS.find((a) => a.code === aorCode);
  const cities = assoc ? [...assoc.cities] : ['Springfield'];
  const state = assoc && ['ND', 'SB'].includes(aorCode) ? 'LA' : 'CA';
  await q.query(
    `WITH aor AS (SELECT id FROM associations WHERE short_name = $1),
     agents AS (
       SELECT array_agg(m.id ORDER BY m.id) AS member_ids, array_agg(m.office_id ORDER BY m.id) AS office_ids
         FROM members m JOIN offices o ON o.id = m.office_id
        WHERE m.aor_id = (SELECT id FROM aor) AND o.office_code NOT LIKE '%900' AND o.office_code <> 'MLS000'),
     raw AS (
       SELECT g, random() AS r_age, random() AS r_sell, random() AS r_dom, random() AS r_esc, random() AS r_out,
              (random() + random() + random() + random() - 2.0) AS r_norm, random() AS r_close, random() AS r_type,
              random() AS r_agent, random() AS r_addr
         FROM generate_series(1, $2::int) AS g),
     dated AS (
       SELECT r.*, CURRENT_DATE - floor(r_age * 730)::int AS contract_date,
              floor(r_age * 730)::int AS age_days FROM raw r),
     shaped AS (
       SELECT d.*, d.contract_date + floor(r_close * 4)::int AS on_market,
              (d.contract_date + floor(r_close * 4)::int) + (3 + floor(power(r_dom, 2.2) * 117))::int AS pend,
              r_sell < 0.78 AS sells
         FROM dated d)
     INSERT INTO mls_listings (mls_listing_id, aor_id, office_id, list_agent_member_id, standard_status, property_type,
       list_price, close_price, listing_contract_date, on_market_date, pending_date, close_date, unparsed_address, city,
       state_or_province, postal_code)
     SELECT nextval('mls_listing_number_seq')::text, (SELECT id FROM aor),
            a.office_ids[1 + floor(s.r_agent * cardinality(a.office_ids))::int],
            a.member_ids[1 + floor(s.r_agent * cardinality(a.member_ids))::int],
            CASE
              WHEN s.sells AND s.pend > CURRENT_DATE THEN 'Active'
              WHEN s.sells AND s.pend + (20 + floor(s.r_esc * 26))::int > CURRENT_DATE THEN 'Pending'
              WHEN s.sells THEN 'Closed'
              WHEN s.on_market + (90 + floor(s.r_esc * 90))::int > CURRENT_DATE THEN 'Active'
              WHEN s.r_out < 0.5 THEN 'Expired' WHEN s.r_out < 0.75 THEN 'Canceled' ELSE 'Withdrawn'
            END,
            CASE WHEN s.r_type < 0.84 THEN 'Residential' WHEN s.r_type < 0.95 THEN 'Residential Income' ELSE 'Land' END,
            round(($3::numeric * exp(s.r_norm * 0.55) * (1 + 0.05 * (730 - s.age_days) / 365.0)
                   * CASE WHEN s.r_type >= 0.95 THEN 0.35 ELSE 1 END) / 1000) * 1000,
            NULL, s.contract_date, s.on_market,
            CASE WHEN s.sells AND s.pend <= CURRENT_DATE THEN s.pend END,
            CASE WHEN s.sells AND s.pend + (20 + floor(s.r_esc * 26))::int <= CURRENT_DATE
                 THEN s.pend + (20 + floor(s.r_esc * 26))::int END,
            (100 + floor(s.r_addr * 9800))::int || ' ' || ($5::text[])[1 + floor(s.r_addr * 1000)::int % cardinality($5::text[])] || ' '
              || ($6::text[])[1 + floor(s.r_addr * 100000)::int % cardinality($6::text[])],
            ($4::text[])[1 + (s.g % cardinality($4::text[]))], $7, lpad((90000 + floor(s.r_addr * 9999))::int::text, 5, '0')
       FROM shaped s CROSS JOIN agents a`,
    [aorCode, count, medianPrice, cities, STREETS, SUFFIXES, state],
  );
  // Sales close at 94-103% of list, a little higher in a hot spring.
  await q.query(
    `UPDATE mls_listings SET close_price = round(list_price * (0.94 + ((id * 7919) % 90) / 1000.0
        + CASE WHEN extract(month FROM close_date) BETWEEN 3 AND 6 THEN 0.01 ELSE 0 END) / 100) * 100
      WHERE standard_status = 'Closed' AND close_price IS NULL AND aor_id = (SELECT id FROM associations WHERE short_name = $1)`,
    [aorCode],
  );
}

export async function seedDashboardListings(q: Queryable): Promise<void> {
  // Repeatable figures: the listings come from a seeded random sequence.
  await q.query('SELECT setseed(0.2026)');
  for (const a of DEMO_ASSOCIATIONS) await seedMlsListings(q, a.code, LARGE.has(a.code) ? 6_000 : 1_500);
}
