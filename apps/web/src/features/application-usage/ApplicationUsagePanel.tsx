import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { Box, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  type ApplicationUsage,
  type ApplicationUsageQuery,
  formatDateSlash,
  APPLICATION_USAGE_MESSAGES as M,
  type UsagePeriod,
} from '@portico/shared';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { DownloadButton } from '../../ui/DownloadButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import styles from './ApplicationUsagePanel.module.css';
import { downloadUsageCsv, useApplicationUsage } from './api';
import { NeverLaunched } from './NeverLaunched';
import { UsageChart } from './UsageChart';

const PERIODS: Array<{ value: UsagePeriod; label: string }> = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];
const PAGE_SIZE = 25;
const PERIOD_LABELS: Record<UsagePeriod, string> = { day: 'Day', week: 'Week of', month: 'Month of' };
/** The figures' tables fit a phone's width (issue 28 §4): heads wrap, cards keep less padding there. */
const WRAP_HEADS = { th: { whiteSpace: 'normal' } } as const;
const CARD_PADDING = { base: 'xs', sm: 'md' } as const;

/** The 'Application usage' tab of the AOR Center: the launcher's figures for association and MLS staff (issue 19 §4). */
export function ApplicationUsagePanel() {
  const [period, setPeriod] = useState<UsagePeriod>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageId, setPageId] = useState(1);
  const query: ApplicationUsageQuery = { period, from: from || undefined, to: to || undefined, pageId, pageSize: PAGE_SIZE };
  const usage = useApplicationUsage(query);
  const fieldError = (field: string) =>
    usage.error instanceof ApiError ? usage.error.errors.find((e) => e.field === field)?.message : undefined;

  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {M.title}
      </Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="usage-period-label">
            Period
          </Text>
          <SegmentedControl
            aria-labelledby="usage-period-label"
            data={PERIODS}
            value={period}
            onChange={(value) => {
              setPeriod(value as UsagePeriod);
              setPageId(1);
            }}
          />
        </Stack>
        {/* The range the figures cover shows in the fields until staff choose their own (issue 28 §4, decision 1040). */}
        <DatePickerInput
          label="From"
          valueFormat="MM/DD/YYYY"
          placeholder="MM/DD/YYYY"
          value={from || usage.data?.from || null}
          maxDate={to || usage.data?.to || undefined}
          onChange={(v) => {
            setFrom(v ?? '');
            setPageId(1);
          }}
          error={fieldError('from')}
          miw={150}
        />
        <DatePickerInput
          label="To"
          valueFormat="MM/DD/YYYY"
          placeholder="MM/DD/YYYY"
          value={to || usage.data?.to || null}
          minDate={from || usage.data?.from || undefined}
          onChange={(v) => {
            setTo(v ?? '');
            setPageId(1);
          }}
          error={fieldError('to')}
          miw={150}
        />
        <DownloadButton variant="light" download={() => downloadUsageCsv(query)} failure={M.csvFailed}>
          Download CSV
        </DownloadButton>
      </Group>
      {usage.error && !usage.data ? (
        <ErrorPanel title={M.loadFailed} message={usage.error.message} />
      ) : !usage.data ? (
        <LoadingBlock label="Loading the usage figures" />
      ) : (
        <>
          {usage.error && <ErrorPanel title={M.loadFailed} message={usage.error.message} />}
          <Figures usage={usage.data} onPage={setPageId} />
        </>
      )}
    </Stack>
  );
}

function Figures({ usage, onPage }: { usage: ApplicationUsage; onPage: (page: number) => void }) {
  const scope = usage.scope === 'mls' ? 'all members' : "your association's members";
  return (
    <Stack gap="lg">
      <Text size="sm" data-testid="usage-summary">
        {usage.totals.launches.toLocaleString('en-US')} {usage.totals.launches === 1 ? 'launch' : 'launches'} by {scope} from{' '}
        {formatDateSlash(usage.from)} to {formatDateSlash(usage.to)}
        {usage.totals.refusals > 0 ? `, ${usage.totals.refusals.toLocaleString('en-US')} refused` : ''}.
      </Text>
      {usage.points.length === 0 ? <EmptyState text={M.noLaunches} /> : <UsageChart usage={usage} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Card withBorder p={CARD_PADDING} miw={0}>
          <Title order={3} size="h4" mb="sm">
            Top applications
          </Title>
          {usage.topApplications.length === 0 ? (
            <Text size="sm">{M.noLaunches}</Text>
          ) : (
            <Table striped horizontalSpacing="xs" fz="sm" data-testid="top-applications" styles={WRAP_HEADS} className={styles.compact}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application</Table.Th>
                  <Table.Th ta="right">Launches</Table.Th>
                  <Table.Th ta="right">Share</Table.Th>
                  <Table.Th ta="right">Refused</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usage.topApplications.map((t) => (
                  <Table.Tr key={t.applicationId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.applicationName}</Table.Td>
                    <Table.Td ta="right">{t.launches.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{Math.round((100 * t.launches) / Math.max(1, usage.totals.launches))}%</Table.Td>
                    <Table.Td ta="right">{t.refusals.toLocaleString('en-US')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        <PeriodFigures usage={usage} />
      </SimpleGrid>
      <NeverLaunched usage={usage} onPage={onPage} />
    </Stack>
  );
}

/** Launches and distinct members of each application in each period: what the chart draws, as numbers. */
function PeriodFigures({ usage }: { usage: ApplicationUsage }) {
  return (
    <Card withBorder p={CARD_PADDING} miw={0}>
      <Title order={3} size="h4" mb="sm">
        Launches and members per {usage.period}
      </Title>
      {usage.points.length === 0 ? (
        <Text size="sm">{M.noLaunches}</Text>
      ) : (
        // A plain scrolling box: ScrollArea's content box takes the table's widest width, which cut columns on a phone.
        <Box mah={360} style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={`Launches and members per ${usage.period}`}>
          <Table
            striped
            stickyHeader
            horizontalSpacing="xs"
            fz="sm"
            data-testid="usage-figures"
            styles={WRAP_HEADS}
            className={styles.compact}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{PERIOD_LABELS[usage.period]}</Table.Th>
                <Table.Th>Application</Table.Th>
                <Table.Th ta="right">Launches</Table.Th>
                <Table.Th ta="right">Distinct members</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.points.map((p) => (
                <Table.Tr key={`${p.periodStart}-${p.applicationId}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateSlash(p.periodStart)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.applicationName}</Table.Td>
                  <Table.Td ta="right">{p.launches.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{p.members.toLocaleString('en-US')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
