import '@mantine/charts/styles.css';
import {
  Button,
  Card,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ApplicationUsage, type ApplicationUsageQuery, APPLICATION_USAGE_MESSAGES as M, type UsagePeriod } from '@portico/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/notify';
import { downloadUsageCsv, useApplicationUsage } from './api';
import { UsageChart } from './UsageChart';

const PERIODS: Array<{ value: UsagePeriod; label: string }> = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];
const PAGE_SIZE = 25;
const PERIOD_LABELS: Record<UsagePeriod, string> = { day: 'Day', week: 'Week of', month: 'Month of' };

/** The 'Application usage' tab of the AOR Center: the launcher's figures for association and MLS staff (issue 19 §4). */
export function ApplicationUsagePanel() {
  const [period, setPeriod] = useState<UsagePeriod>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageId, setPageId] = useState(1);
  const [isDownloading, setDownloading] = useState(false);
  const query: ApplicationUsageQuery = { period, from: from || undefined, to: to || undefined, pageId, pageSize: PAGE_SIZE };
  const usage = useApplicationUsage(query);
  const fieldError = (field: string) =>
    usage.error instanceof ApiError ? usage.error.errors.find((e) => e.field === field)?.message : undefined;

  async function handleDownload() {
    setDownloading(true);
    try {
      await downloadUsageCsv(query);
    } catch (error) {
      toast('failure', error instanceof Error ? error.message : M.csvFailed);
    } finally {
      setDownloading(false);
    }
  }

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
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={fieldError('from')} />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} error={fieldError('to')} />
        <Button leftSection={<IconDownload size={16} aria-hidden />} variant="light" loading={isDownloading} onClick={handleDownload}>
          Download CSV
        </Button>
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
        {usage.totals.launches.toLocaleString('en-US')} {usage.totals.launches === 1 ? 'launch' : 'launches'} by {scope} from {usage.from}{' '}
        to {usage.to}
        {usage.totals.refusals > 0 ? `, ${usage.totals.refusals.toLocaleString('en-US')} refused` : ''}.
      </Text>
      {usage.points.length === 0 ? <EmptyState text={M.noLaunches} /> : <UsageChart usage={usage} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Card withBorder padding="md">
          <Title order={3} size="h4" mb="sm">
            Top applications
          </Title>
          {usage.topApplications.length === 0 ? (
            <Text size="sm">{M.noLaunches}</Text>
          ) : (
            <Table striped data-testid="top-applications">
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
                    <Table.Td>{t.applicationName}</Table.Td>
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
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        Launches and members per {usage.period}
      </Title>
      {usage.points.length === 0 ? (
        <Text size="sm">{M.noLaunches}</Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto" tabIndex={0} aria-label={`Launches and members per ${usage.period}`}>
          <Table striped stickyHeader data-testid="usage-figures">
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
                  <Table.Td>{p.periodStart}</Table.Td>
                  <Table.Td>{p.applicationName}</Table.Td>
                  <Table.Td ta="right">{p.launches.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{p.members.toLocaleString('en-US')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}

function NeverLaunched({ usage, onPage }: { usage: ApplicationUsage; onPage: (page: number) => void }) {
  const never = usage.neverLaunched;
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        Members who never launched an application
      </Title>
      {never.totalResults === 0 ? (
        <Text size="sm">{M.everyoneLaunched}</Text>
      ) : (
        <>
          <Table striped data-testid="never-launched">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th>Login ID</Table.Th>
                <Table.Th>Office</Table.Th>
                <Table.Th>Association</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {never.members.map((m) => (
                <Table.Tr key={m.memberId}>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>{m.loginId}</Table.Td>
                  <Table.Td>{m.officeName}</Table.Td>
                  <Table.Td>{m.association}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" mt="sm">
            <Text size="sm">{never.totalResults.toLocaleString('en-US')} members</Text>
            {never.totalPages > 1 && (
              <Pagination
                total={never.totalPages}
                value={never.pageId}
                onChange={onPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            )}
          </Group>
        </>
      )}
    </Card>
  );
}
