import { Code, Table, Text } from '@mantine/core';
import { FEED_MESSAGES, formatDateTimeIn } from '@portico/shared';
import { useMember } from '../../core/member';
import { ListSection } from '../../ui/ListSection';
import { useFeedRejected, useFeedRuns } from './api';
import { RunState } from './FeedResources';

const count = (n: number) => n.toLocaleString('en-US');

/** The rows the feed refused, newest first, with their reasons (a row whose user class is missing waits above). */
export function FeedRejectedRows() {
  const { viewer } = useMember();
  const rejected = useFeedRejected(true);
  const rows = rejected.data ?? [];
  return (
    <ListSection
      id="feed-rejected"
      title="Rejected rows"
      error={rejected.error}
      isLoading={rejected.isLoading}
      hasRows={rows.length > 0}
      emptyText={FEED_MESSAGES.noRejected}
    >
      <Table.ScrollContainer minWidth={640} mah={360}>
        <Table striped verticalSpacing="xs" data-testid="feed-rejected">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Resource</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Rejected</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.resource}</Table.Td>
                <Table.Td>{r.recordKey ? <Code>{r.recordKey}</Code> : '(no key)'}</Table.Td>
                <Table.Td>{r.reason}</Table.Td>
                <Table.Td>{formatDateTimeIn(viewer.timeZone, r.rejectedOn)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListSection>
  );
}

/** The sync history: every resource's runs, newest first. */
export function FeedHistory() {
  const { viewer } = useMember();
  const runs = useFeedRuns(true);
  const rows = runs.data ?? [];
  const at = (iso: string | null) => (iso ? formatDateTimeIn(viewer.timeZone, iso) : '');
  return (
    <ListSection
      id="feed-history"
      title="Sync history"
      error={runs.error}
      isLoading={runs.isLoading}
      hasRows={rows.length > 0}
      emptyText={FEED_MESSAGES.noRuns}
    >
      <Table.ScrollContainer minWidth={760} mah={420}>
        <Table striped verticalSpacing="xs" data-testid="feed-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Started</Table.Th>
              <Table.Th>Finished</Table.Th>
              <Table.Th>Resource</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Pages</Table.Th>
              <Table.Th ta="right">Created</Table.Th>
              <Table.Th ta="right">Updated</Table.Th>
              <Table.Th ta="right">Deactivated</Table.Th>
              <Table.Th ta="right">Rejected</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{at(r.startedOn)}</Table.Td>
                <Table.Td>{at(r.finishedOn)}</Table.Td>
                <Table.Td>{r.resource}</Table.Td>
                <Table.Td>
                  <RunState run={r} />
                  {r.error && (
                    <Text size="xs" c="red.8" maw={260}>
                      {r.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{count(r.pages)}</Table.Td>
                <Table.Td ta="right">{count(r.created)}</Table.Td>
                <Table.Td ta="right">{count(r.updated)}</Table.Td>
                <Table.Td ta="right">{count(r.deactivated)}</Table.Td>
                <Table.Td ta="right">{count(r.rejected)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListSection>
  );
}
