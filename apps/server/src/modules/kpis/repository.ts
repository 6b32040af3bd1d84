import type { Queryable } from '../../db/index';

export interface KpiDefinitionRow {
  id: number;
  code: string;
  title: string;
  description: string;
  icon_url: string | null;
  view_order: number;
}

export function findKpiDefinitions(q: Queryable): Promise<KpiDefinitionRow[]> {
  return q.query<KpiDefinitionRow>(
    'SELECT id, code, title, description, icon_url, view_order FROM kpi_definitions WHERE is_enabled ORDER BY view_order, id',
  );
}

/** The figures of one period; null where the period holds nothing to measure. */
export interface PeriodFigures {
  active_listings: number;
  new_listings: number;
  pending_sales: number;
  closed_sales: number;
  median_list_price: number | null;
  median_sold_price: number | null;
  median_days_on_market: number | null;
  sale_to_list_ratio: number | null;
}

export interface MarketFigures {
  period_start: string;
  period_end: string;
  current: PeriodFigures;
  previous: PeriodFigures;
}

/**
 * A listing is active on day D when it was on the market and had neither gone pending nor closed by then. The
 * listing data holds no off-market date for listings that ended unsold (expired, canceled, withdrawn): they count
 * as active for the first 120 days, a typical listing term (docs/decisions/0150-dashboard.md).
 */
const activeOn = (day: string) => `count(*) FILTER (WHERE on_market_date <= ${day} AND (
  (standard_status IN ('Active', 'Pending', 'Closed') AND (pending_date IS NULL OR pending_date > ${day})
    AND (close_date IS NULL OR close_date > ${day}))
  OR (standard_status IN ('Expired', 'Canceled', 'Withdrawn') AND on_market_date > ${day} - 120)))`;

const flows = (from: string, to: string, suffix: string) => `
  count(*) FILTER (WHERE on_market_date BETWEEN ${from} AND ${to}) AS new_listings_${suffix},
  count(*) FILTER (WHERE pending_date BETWEEN ${from} AND ${to}) AS pending_sales_${suffix},
  count(*) FILTER (WHERE standard_status = 'Closed' AND close_date BETWEEN ${from} AND ${to}) AS closed_sales_${suffix},
  percentile_cont(0.5) WITHIN GROUP (ORDER BY list_price) FILTER (WHERE on_market_date BETWEEN ${from} AND ${to}) AS median_list_price_${suffix},
  percentile_cont(0.5) WITHIN GROUP (ORDER BY close_price)
    FILTER (WHERE standard_status = 'Closed' AND close_date BETWEEN ${from} AND ${to}) AS median_sold_price_${suffix},
  percentile_cont(0.5) WITHIN GROUP (ORDER BY close_date - on_market_date)
    FILTER (WHERE standard_status = 'Closed' AND close_date BETWEEN ${from} AND ${to} AND on_market_date IS NOT NULL) AS median_days_on_market_${suffix},
  avg(close_price / NULLIF(list_price, 0) * 100)
    FILTER (WHERE standard_status = 'Closed' AND close_date BETWEEN ${from} AND ${to}) AS sale_to_list_ratio_${suffix}`;

/**
 * One pass over the association's listings that can matter for the last two 30-day periods: everything still
 * open, and everything that came on the market, went pending or closed since the previous period began.
 * The period ends today (the database's date).
 */
export async function computeMarketFigures(q: Queryable, aorId: number): Promise<MarketFigures> {
  const row = await q.one<Record<string, number | string | null>>(
    `WITH b AS (SELECT CURRENT_DATE AS e, CURRENT_DATE - 29 AS s, CURRENT_DATE - 30 AS pe, CURRENT_DATE - 59 AS ps)
     SELECT to_char(b.s, 'YYYY-MM-DD') AS period_start, to_char(b.e, 'YYYY-MM-DD') AS period_end,
            ${activeOn('b.e')} AS active_listings_cur, ${activeOn('b.pe')} AS active_listings_prev,
            ${flows('b.s', 'b.e', 'cur')}, ${flows('b.ps', 'b.pe', 'prev')}
       FROM b LEFT JOIN mls_listings l ON l.aor_id = $1
        AND (l.close_date IS NULL OR l.close_date >= b.ps)
        AND (l.on_market_date IS NULL OR l.on_market_date <= b.e)
      GROUP BY b.s, b.e`,
    [aorId],
  );
  if (!row) throw new Error('market figures query returned nothing');
  const pick = (suffix: 'cur' | 'prev'): PeriodFigures => {
    const n = (key: string) => (row[`${key}_${suffix}`] === null ? null : Number(row[`${key}_${suffix}`]));
    return {
      active_listings: n('active_listings') ?? 0,
      new_listings: n('new_listings') ?? 0,
      pending_sales: n('pending_sales') ?? 0,
      closed_sales: n('closed_sales') ?? 0,
      median_list_price: n('median_list_price'),
      median_sold_price: n('median_sold_price'),
      median_days_on_market: n('median_days_on_market'),
      sale_to_list_ratio: n('sale_to_list_ratio'),
    };
  };
  return { period_start: String(row.period_start), period_end: String(row.period_end), current: pick('cur'), previous: pick('prev') };
}

export interface TrendRow {
  period: string;
  metric: string;
  value: number | null;
}

/** Monthly figures of the last 12 months (this month included) for the trend lines. */
export function computeMonthlyTrend(q: Queryable, aorId: number): Promise<TrendRow[]> {
  const since = `(date_trunc('month', CURRENT_DATE) - interval '11 months')::date`;
  return q.query<TrendRow>(
    `WITH listed AS (
       SELECT to_char(on_market_date, 'YYYY-MM') AS period, count(*)::float8 AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY list_price) AS median_price
         FROM mls_listings WHERE aor_id = $1 AND on_market_date >= ${since} AND on_market_date <= CURRENT_DATE GROUP BY 1),
     pended AS (
       SELECT to_char(pending_date, 'YYYY-MM') AS period, count(*)::float8 AS n
         FROM mls_listings WHERE aor_id = $1 AND pending_date >= ${since} AND pending_date <= CURRENT_DATE GROUP BY 1),
     sold AS (
       SELECT to_char(close_date, 'YYYY-MM') AS period, count(*)::float8 AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY close_price) AS median_price,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY close_date - on_market_date) AS median_dom,
              avg(close_price / NULLIF(list_price, 0) * 100)::float8 AS ratio
         FROM mls_listings WHERE aor_id = $1 AND standard_status = 'Closed' AND close_date >= ${since} AND close_date <= CURRENT_DATE
        GROUP BY 1)
     SELECT period, 'new_listings' AS metric, n AS value FROM listed
     UNION ALL SELECT period, 'median_list_price', median_price FROM listed
     UNION ALL SELECT period, 'pending_sales', n FROM pended
     UNION ALL SELECT period, 'closed_sales', n FROM sold
     UNION ALL SELECT period, 'median_sold_price', median_price FROM sold
     UNION ALL SELECT period, 'median_days_on_market', median_dom FROM sold
     UNION ALL SELECT period, 'sale_to_list_ratio', ratio FROM sold
     ORDER BY 2, 1`,
    [aorId],
  );
}

/** The stored figures and trend of an association: its row of `kpi_snapshots`. */
export interface KpiSnapshot {
  figures: MarketFigures;
  trend: TrendRow[];
}

/** First key of the per-association advisory lock (the second is the association id). */
const LOCK_CLASS = 4242150;
const OF_TODAY = "figures->>'period_end' = to_char(CURRENT_DATE, 'YYYY-MM-DD')";

/** The association's snapshot of today, however old within the day; null when there is none for today. */
export function readSnapshot(q: Queryable, aorId: number): Promise<KpiSnapshot | null> {
  return q.one<KpiSnapshot>(`SELECT figures, trend FROM kpi_snapshots WHERE aor_id = $1 AND ${OF_TODAY}`, [aorId]);
}

/** Waits for the association's snapshot lock, held to the end of the transaction. */
export async function lockSnapshot(q: Queryable, aorId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [LOCK_CLASS, aorId]);
}

/** Takes the association's snapshot lock to the end of the transaction if it is free: whether it took it. */
export async function tryLockSnapshot(q: Queryable, aorId: number): Promise<boolean> {
  return (await q.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS ok', [LOCK_CLASS, aorId]))?.ok ?? false;
}

/** The association's snapshot of today when it is younger than `maxAgeMs` (the database's clock); else null. */
export function freshSnapshot(q: Queryable, aorId: number, maxAgeMs: number): Promise<KpiSnapshot | null> {
  return q.one<KpiSnapshot>(
    `SELECT figures, trend FROM kpi_snapshots
      WHERE aor_id = $1 AND ${OF_TODAY} AND computed_at > clock_timestamp() - $2::int * interval '1 millisecond'`,
    [aorId, maxAgeMs],
  );
}

/** Stores the association's snapshot, computed now (replacing the one before). */
export async function storeSnapshot(q: Queryable, aorId: number, snapshot: KpiSnapshot): Promise<void> {
  await q.query(
    `INSERT INTO kpi_snapshots (aor_id, figures, trend, computed_at) VALUES ($1, $2::jsonb, $3::jsonb, clock_timestamp())
     ON CONFLICT (aor_id) DO UPDATE SET figures = EXCLUDED.figures, trend = EXCLUDED.trend, computed_at = EXCLUDED.computed_at`,
    [aorId, JSON.stringify(snapshot.figures), JSON.stringify(snapshot.trend)],
  );
}

/** The associations whose snapshot is older than `maxAgeMs` or of an earlier day, oldest first. */
export async function staleSnapshotAors(q: Queryable, maxAgeMs: number): Promise<number[]> {
  const rows = await q.query<{ aor_id: number }>(
    `SELECT aor_id FROM kpi_snapshots
      WHERE NOT (${OF_TODAY}) OR computed_at <= clock_timestamp() - $1::int * interval '1 millisecond'
      ORDER BY computed_at`,
    [maxAgeMs],
  );
  return rows.map((r) => r.aor_id);
}
