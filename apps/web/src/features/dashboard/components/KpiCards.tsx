import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type ArrangedKpi, DASHBOARD_MESSAGES, type Kpi, kpiDirection } from '@portico/shared';
import { IconArrowDownRight, IconArrowUpRight, IconChartBar, IconMinus } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/EmptyState';
import classes from './dashboard.module.css';
import { Sparkline } from './Sparkline';

const DIRECTION = {
  up: { icon: IconArrowUpRight, color: 'teal.9', word: 'up' },
  down: { icon: IconArrowDownRight, color: 'red.9', word: 'down' },
  flat: { icon: IconMinus, color: 'gray.8', word: 'unchanged' },
} as const;

function Change({ kpi }: { kpi: Kpi }) {
  if (!kpi.changeMeasure)
    return (
      <Text size="xs" className={classes.muted}>
        No earlier figure
      </Text>
    );
  const d = DIRECTION[kpiDirection(kpi.changeMeasure)];
  const Icon = d.icon;
  return (
    <Badge
      variant="filled"
      color={d.color}
      leftSection={<Icon size={12} aria-hidden />}
      aria-label={`${d.word} ${kpi.changeMeasure.replace(/^[+-]/, '')} against the previous 30 days`}
      data-direction={kpiDirection(kpi.changeMeasure)}
    >
      {kpi.changeMeasure}
    </Badge>
  );
}

/** Market statistics: a card per KPI with measure, change and a 12-month trend, or a compact list. */
export function KpiCards({ kpis, view }: { kpis: ArrangedKpi[]; view: 'card' | 'list' }) {
  const shown = kpis.filter((k) => k.show).map((k) => k.kpi);
  if (shown.length === 0) return <EmptyState text={DASHBOARD_MESSAGES.noKpis} />;
  const period = shown[0].periodStart ? `Last 30 days (${shown[0].periodStart} to ${shown[0].periodEnd}) against the 30 days before` : null;
  if (view === 'list') {
    return (
      <Table striped withTableBorder>
        {period && <Table.Caption>{period}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Statistic</Table.Th>
            <Table.Th scope="col">Figure</Table.Th>
            <Table.Th scope="col">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((kpi) => (
            <Table.Tr key={kpi.kpiDefinitionID}>
              <Table.Td>{kpi.title}</Table.Td>
              <Table.Td fw={600}>{kpi.measure}</Table.Td>
              <Table.Td>
                <Change kpi={kpi} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
        {shown.map((kpi) => {
          const dir = kpiDirection(kpi.changeMeasure);
          return (
            <Card key={kpi.kpiDefinitionID} withBorder padding="sm" data-testid={`kpi-${kpi.code}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {kpi.title}
                  </Text>
                  <Text size="xs" className={classes.muted}>
                    {kpi.description}
                  </Text>
                </Stack>
                {kpi.iconUrl ? <img src={kpi.iconUrl} alt="" width={24} height={24} /> : <IconChartBar size={22} aria-hidden />}
              </Group>
              <Group justify="space-between" align="flex-end" mt="xs" wrap="nowrap">
                <Stack gap={4}>
                  <Text fz={26} fw={700} lh={1.1}>
                    {kpi.measure}
                  </Text>
                  <Change kpi={kpi} />
                </Stack>
                <Sparkline
                  values={kpi.trend.map((p) => p.value)}
                  color={dir === 'down' ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-teal-7)'}
                />
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      {period && (
        <Text size="xs" className={classes.muted}>
          {period}
        </Text>
      )}
    </Stack>
  );
}
