import { Anchor, Table } from '@mantine/core';
import { TRAINING_MESSAGES as M, type TrainingAttendee } from '@portico/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDateTime } from '../format';
import { classPath, locationText } from './ClassListTable';
import { RegisterButton } from './RegisterButton';

/**
 * My Scheduled Classes: the member's live registrations, upcoming first, then the past ones whose button reads
 * Attended or Did Not Attend.
 */
export function MyClassesTable({ attendees }: { attendees: TrainingAttendee[] }) {
  const now = Date.now();
  const live = attendees.filter((a) => a.unRegisteredOn === null);
  const upcoming = live.filter((a) => Date.parse(a.trainingClass.startTime) > now);
  const past = live.filter((a) => Date.parse(a.trainingClass.startTime) <= now).reverse();
  const rows = [...upcoming, ...past];
  if (rows.length === 0) return <EmptyState text={M.noScheduledClasses} />;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="my-classes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Class Name</Table.Th>
            <Table.Th>Trainer</Table.Th>
            <Table.Th>Class Start</Table.Th>
            <Table.Th>Class End</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ id, trainingClass: c }) => (
            <Table.Tr key={id}>
              <Table.Td>
                <Anchor component={Link} to={classPath(c.id)}>
                  {c.className}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.instructor.name}</Table.Td>
              <Table.Td>{formatDateTime(c.startTime)}</Table.Td>
              <Table.Td>{formatDateTime(c.endTime)}</Table.Td>
              <Table.Td>{locationText(c)}</Table.Td>
              <Table.Td>
                <RegisterButton cls={c} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
