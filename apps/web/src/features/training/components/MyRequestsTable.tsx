import { Badge, Button, Table } from '@mantine/core';
import {
  type ClassRequest,
  canCancelRequest,
  formatWallClock,
  TRAINING_MESSAGES as M,
  parsePlainWallClock,
  requestStatusLabel,
} from '@portico/shared';
import { EmptyState } from '../../../ui/EmptyState';
import { useCancelRequest } from '../hooks/useTrainingActions';

const STATUS_COLOR: Record<string, string> = { New: 'blue', Approved: 'teal', Scheduled: 'green', Cancelled: 'gray', None: 'gray' };

/** My Course Requests: Topic, Requested Class Date, Request Status and Cancel (only New or Approved). */
export function MyRequestsTable({ requests }: { requests: ClassRequest[] }) {
  const cancel = useCancelRequest();
  if (requests.length === 0) return <EmptyState text={M.noCourseRequests} />;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="my-requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Topic</Table.Th>
            <Table.Th>Requested Class Date</Table.Th>
            <Table.Th>Request Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((r) => {
            const status = requestStatusLabel(r.requestStatus);
            const isCancelling = cancel.isPending && cancel.variables === r.id;
            const date = parsePlainWallClock(r.dateTime);
            return (
              <Table.Tr key={r.id}>
                <Table.Td>{r.trainingTopic.name}</Table.Td>
                <Table.Td>{date ? formatWallClock(r.dateTime) : r.dateTime}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[status]} variant="light" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
                    {status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red.8"
                    disabled={!canCancelRequest(r.requestStatus) || cancel.isPending}
                    loading={isCancelling}
                    onClick={() => cancel.mutate(r.id)}
                    aria-label={`Cancel request: ${r.trainingTopic.name}, ${date ? formatWallClock(r.dateTime) : r.dateTime}`}
                  >
                    Cancel
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
