import { formatChange, type Kpi } from '@portico/shared';
import type { KpiDefinitionRow, MarketFigures, PeriodFigures, TrendRow } from './repository';

type Metric = keyof PeriodFigures | 'months_of_inventory';
type Format = 'count' | 'currency' | 'days' | 'percent' | 'months';

/** What each KPI code measures and how its figure reads. A definition with an unknown code is left out. */
const METRICS: Record<string, { metric: Metric; format: Format }> = {
  active_listings: { metric: 'active_listings', format: 'count' },
  new_listings: { metric: 'new_listings', format: 'count' },
  pending_sales: { metric: 'pending_sales', format: 'count' },
  closed_sales: { metric: 'closed_sales', format: 'count' },
  median_list_price: { metric: 'median_list_price', format: 'currency' },
  median_sold_price: { metric: 'median_sold_price', format: 'currency' },
  median_days_on_market: { metric: 'median_days_on_market', format: 'days' },
  sale_to_list_ratio: { metric: 'sale_to_list_ratio', format: 'percent' },
  months_of_inventory: { metric: 'months_of_inventory', format: 'months' },
};
export const KPI_CODES = Object.keys(METRICS);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');

function formatMeasure(value: number | null, format: Format): string {
  if (value === null || !Number.isFinite(value)) return '—';
  switch (format) {
    case 'currency':
      return usd.format(Math.round(value));
    case 'days':
      return `${Math.round(value)} ${Math.round(value) === 1 ? 'day' : 'days'}`;
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'months':
      return value.toFixed(1);
    default:
      return count.format(Math.round(value));
  }
}

function metricValue(figures: PeriodFigures, metric: Metric): number | null {
  if (metric === 'months_of_inventory') return figures.closed_sales > 0 ? figures.active_listings / figures.closed_sales : null;
  return figures[metric];
}

/** The enabled definitions, each with its figure of the period, its change and its monthly trend. */
export function presentKpis(definitions: KpiDefinitionRow[], figures: MarketFigures, trend: TrendRow[]): Kpi[] {
  return definitions.flatMap((d) => {
    const spec = METRICS[d.code];
    if (!spec) return [];
    const current = metricValue(figures.current, spec.metric);
    const previous = metricValue(figures.previous, spec.metric);
    return [
      {
        kpiDefinitionID: d.id,
        code: d.code,
        title: d.title,
        description: d.description,
        measure: formatMeasure(current, spec.format),
        changeMeasure: formatChange(current, previous),
        iconUrl: d.icon_url,
        viewOrder: d.view_order,
        periodStart: figures.period_start,
        periodEnd: figures.period_end,
        trend: trend
          .filter((t) => t.metric === spec.metric && t.value !== null)
          .map((t) => ({ period: t.period, value: Math.round(Number(t.value) * 10) / 10 })),
      },
    ];
  });
}
