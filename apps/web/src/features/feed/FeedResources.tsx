import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { type FeedRun, type FeedStatus, formatDateTimeIn } from '@portico/shared';
import { useMember } from '../../core/member';

export const rowsOf = (r: FeedRun) => r.created + r.updated + r.deactivated + r.rejected;
const count = (n: number) => n.toLocaleString('en-US');

/** What a run is: going on, ended with an error, or done. */
export function RunState({ run }: { run: FeedRun }) {
  if (!run.finishedOn) {
    return (
      <Badge color="blue" variant="dot" size="md" miw={104}>
        Running
      </Badge>
    );
  }
  return run.error ? (
    <Badge color="red" variant="dot" size="md" miw={104}>
      Failed
    </Badge>
  ) : (
    <Badge color="teal" variant="dot" size="md" miw={104}>
      Done
    </Badge>
  );
}

/** One line of live progress: each running resource's rows so far, or the sync waiting on the queue. */
function progressText(status: FeedStatus): string {
  if (status.activeRuns.length > 0) {
    const parts = status.activeRuns.map((r) => `${r.resource}: ${count(rowsOf(r))} rows so far (${r.pages} pages)`);
    return `Sync running. ${parts.join('; ')}.`;
  }
  if ((status.queue?.queued ?? 0) > 0) return 'A sync is queued and starts in a moment.';
  return '';
}

/**
 * Each resource's checkpoint and last run, which is the run going on while a sync runs: its rows grow page by page
 * (the live 'feed' event refetches the status; polling when the stream is down).
 */
export function FeedResources({ status }: { status: FeedStatus }) {
  const { viewer } = useMember();
  const at = (iso: string | null) => (iso ? formatDateTimeIn(viewer.timeZone, iso) : '');
  const progress = progressText(status);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feed-resources">
      <Title order={2} size="h4" id="feed-resources" mb="xs">
        Resources
      </Title>
      <Text size="sm" role="status" aria-live="polite" data-testid="feed-progress" mb="xs" fw={progress ? 600 : undefined}>
        {progress}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" data-testid="feed-resources">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Resource</Table.Th>
              <Table.Th>Checkpoint</Table.Th>
              <Table.Th>Last run</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Created</Table.Th>
              <Table.Th ta="right">Updated</Table.Th>
              <Table.Th ta="right">Deactivated</Table.Th>
              <Table.Th ta="right">Rejected</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status.settings.resources.map((resource) => {
              const checkpoint = status.checkpoints.find((c) => c.resource === resource);
              const run = status.lastRuns.find((r) => r.resource === resource);
              return (
                <Table.Tr key={resource} data-resource={resource}>
                  <Table.Th scope="row">{resource}</Table.Th>
                  <Table.Td>
                    {checkpoint ? (
                      <>
                        <Text size="sm">{checkpoint.lastTimestamp}</Text>
                        <Text size="xs">Key {checkpoint.lastKey}</Text>
                      </>
                    ) : (
                      'None yet (a full first sync)'
                    )}
                  </Table.Td>
                  <Table.Td>{run ? at(run.startedOn) : 'Never'}</Table.Td>
                  <Table.Td>
                    {run && <RunState run={run} />}
                    {run?.error && (
                      <Text size="xs" c="red.8" maw={260}>
                        {run.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{run ? count(run.created) : ''}</Table.Td>
                  <Table.Td ta="right">{run ? count(run.updated) : ''}</Table.Td>
                  <Table.Td ta="right">{run ? count(run.deactivated) : ''}</Table.Td>
                  <Table.Td ta="right">{run ? count(run.rejected) : ''}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
