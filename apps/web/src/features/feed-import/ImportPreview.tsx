import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { FEED_IMPORT_MESSAGES, type FeedImport, type FeedImportCounts, type FeedImportRow } from '@portico/shared';
import { DownloadButton } from '../../ui/DownloadButton';
import { downloadRefused } from './hooks';

const KINDS: Array<{ count: keyof FeedImportCounts; label: string; color: string }> = [
  { count: 'created', label: 'Created', color: 'green' },
  { count: 'updated', label: 'Changed', color: 'blue' },
  { count: 'unchanged', label: 'Unchanged', color: 'gray' },
  { count: 'deactivated', label: 'Deactivated', color: 'orange' },
  { count: 'rejected', label: 'Refused', color: 'red' },
];

/** The five counts of a preview (or of what an apply did). */
export function ImportCounts({ counts }: { counts: FeedImportCounts }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
      {KINDS.map((k) => (
        <Paper key={k.count} withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed">
            {k.label}
          </Text>
          <Text fw={700} fz="xl" data-testid={`count-${k.count}`}>
            {counts[k.count].toLocaleString('en-US')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function RowsTable({ title, rows, total }: { title: string; rows: FeedImportRow[]; total: number }) {
  if (total === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title} ({total.toLocaleString('en-US')}
        {total > rows.length ? `, the first ${rows.length} shown` : ''})
      </Title>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>What changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.key}-${r.line}`}>
              <Table.Td>{r.line ?? '—'}</Table.Td>
              <Table.Td>{r.key}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>
                {r.changes ? (
                  r.changes.map((c) => (
                    <Badge key={c} variant="light" color="gray" mr={4}>
                      {c}
                    </Badge>
                  ))
                ) : (
                  <Badge variant="outline" color="dark">
                    new
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** What applying the file would do: the counts, the first rows of each kind and every refused row with its reason. */
export function ImportPreview({ preview }: { preview: FeedImport }) {
  const { counts, samples } = preview;
  return (
    <Stack gap="md">
      <ImportCounts counts={counts} />
      <RowsTable title="Rows that would be created" rows={samples.created} total={counts.created} />
      <RowsTable title="Rows that would change" rows={samples.updated} total={counts.updated} />
      <RowsTable title="Records that would be deactivated" rows={samples.deactivated} total={counts.deactivated} />
      <RefusedRows item={preview} applied={false} />
    </Stack>
  );
}

/** The CSV of an import's refused rows, saved under the server's file name. */
export function DownloadRefused({ id, compact = false }: { id: number; compact?: boolean }) {
  return (
    <DownloadButton
      variant="default"
      size={compact ? 'xs' : 'sm'}
      download={() => downloadRefused(id)}
      failure={FEED_IMPORT_MESSAGES.refusedDownloadFailed}
    >
      {compact ? 'Refused rows (CSV)' : 'Download the refused rows (CSV)'}
    </DownloadButton>
  );
}

/** Every refused row with its line and reason (before and after the apply), and the CSV of them to fix and import again. */
export function RefusedRows({ item, applied }: { item: FeedImport; applied: boolean }) {
  const total = item.counts.rejected;
  if (total === 0) return null;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={3} size="h5">
          Refused rows ({total.toLocaleString('en-US')}
          {total > item.rejected.length ? `, the first ${item.rejected.length} shown` : ''}): they {applied ? 'were' : 'are'} not imported
        </Title>
        {item.refusedFile && <DownloadRefused id={item.id} />}
      </Group>
      {applied && <Text size="sm">{FEED_IMPORT_MESSAGES.refusedHint}</Text>}
      <Table striped withTableBorder aria-label="Refused rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.rejected.map((r) => (
            <Table.Tr key={r.line}>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{r.key ?? '—'}</Table.Td>
              <Table.Td>{r.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
