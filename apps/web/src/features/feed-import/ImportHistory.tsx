import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { type FeedImport, type FeedImportStatus, formatDateTimeIn } from '@portico/shared';
import { useMember } from '../../core/member';
import { ListSection } from '../../ui/ListSection';
import { useImportHistory } from './hooks';
import { DownloadRefused } from './ImportPreview';

const STATUS: Record<FeedImportStatus, { label: string; color: string }> = {
  previewed: { label: 'Previewed, not applied', color: 'gray' },
  applying: { label: 'Applying', color: 'blue' },
  applied: { label: 'Applied', color: 'teal' },
  failed: { label: 'Failed: nothing changed', color: 'red' },
};

const n = (v: number) => v.toLocaleString('en-US');

/** What an import wrote (or, before its apply, would write) and refused, in words. */
function outcome(i: FeedImport): string {
  const written = i.counts.created + i.counts.updated + i.counts.deactivated;
  const verb = i.status === 'applied' ? 'written' : 'to write';
  return `${n(written)} ${verb}, ${n(i.counts.unchanged)} unchanged, ${n(i.counts.rejected)} refused`;
}

/**
 * The feed screen's CSV import history (issue 28 §4, decision 1040): who uploaded which file when, what it wrote and
 * refused, and the refused rows to download. Four columns, each wrapping, so that nothing is cut on a phone.
 */
export function ImportHistory() {
  const { viewer } = useMember();
  const history = useImportHistory();
  const rows = history.data ?? [];
  return (
    <ListSection
      id="feed-import-history"
      title="CSV imports"
      error={history.error}
      isLoading={history.isLoading}
      hasRows={rows.length > 0}
      emptyText="No CSV file has been imported yet."
    >
      <Table striped verticalSpacing="xs" data-testid="feed-import-history" aria-labelledby="feed-import-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Text size="sm">{formatDateTimeIn(viewer.timeZone, i.uploadedOn)}</Text>
                <Text size="sm">{i.uploadedBy ?? 'A former account'}</Text>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                <Text size="sm">{i.fileName ?? '(no name)'}</Text>
                <Text size="sm">
                  {n(i.rows)} {i.resource === 'Member' ? 'member' : 'office'} rows{i.wholeRoster ? ', whole roster' : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Badge color={STATUS[i.status].color} variant="dot" size="md" style={{ whiteSpace: 'normal', height: 'auto' }}>
                    {STATUS[i.status].label}
                  </Badge>
                  <Text size="sm" data-testid="import-outcome">
                    {outcome(i)}
                  </Text>
                  {i.refusedFile && (
                    <Group gap="xs">
                      <DownloadRefused id={i.id} compact />
                    </Group>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListSection>
  );
}
