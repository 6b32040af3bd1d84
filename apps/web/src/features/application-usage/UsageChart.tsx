import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { type ApplicationUsage, formatDateSlash } from '@portico/shared';

/** Applications drawn on their own; the rest are added up as 'Other'. */
const SHOWN = 5;
// Shade 7 of distinct hues: each holds 3:1 against the light and the dark background.
const COLORS = ['blue.7', 'teal.7', 'grape.7', 'orange.7', 'pink.7', 'gray.6'];

/** Launches per period, stacked by application (the top ones, then 'Other'), on every period of the span. */
export function UsageChart({ usage }: { usage: ApplicationUsage }) {
  const shown = usage.topApplications.slice(0, SHOWN);
  const keyOf = new Map(shown.map((t, i) => [t.applicationId, `app${i}`]));
  const hasOther = usage.points.some((p) => !keyOf.has(p.applicationId) && p.launches > 0);
  const data = usage.periods.map((period) => {
    const row: Record<string, string | number> = { period: formatDateSlash(period) };
    for (const key of [...keyOf.values(), 'other']) row[key] = 0;
    for (const p of usage.points) {
      if (p.periodStart !== period) continue;
      const key = keyOf.get(p.applicationId) ?? 'other';
      row[key] = (row[key] as number) + p.launches;
    }
    return row;
  });
  const series = [
    ...shown.map((t, i) => ({ name: `app${i}`, label: t.applicationName, color: COLORS[i] })),
    ...(hasOther ? [{ name: 'other', label: 'Other applications', color: COLORS[SHOWN] }] : []),
  ];
  const caption = `Launches per ${usage.period} from ${formatDateSlash(usage.from)} to ${formatDateSlash(usage.to)}, by application`;
  return (
    <figure style={{ margin: 0 }} data-testid="usage-chart">
      <Text component="figcaption" size="sm" fw={500} mb="xs">
        {caption}
      </Text>
      <BarChart
        h={280}
        data={data}
        dataKey="period"
        type="stacked"
        series={series}
        withLegend
        tickLine="y"
        yAxisLabel="Launches"
        yAxisProps={{ allowDecimals: false }}
      />
    </figure>
  );
}
