import { Anchor, Table } from '@mantine/core';
import { TRAINING_MESSAGES as M, type TrainingClass } from '@portico/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDateTime } from '../format';
import { RegisterButton } from './RegisterButton';

export const classPath = (id: number) => `/training/registration/${id}`;

export const locationText = (cls: TrainingClass) => cls.location?.name ?? cls.presentationType;

/** Class list: Name, Trainer, Class Start, Class End, Seats Available, Location and the register control. */
export function ClassListTable({ classes }: { classes: TrainingClass[] }) {
  if (classes.length === 0) return <EmptyState text={M.noClasses} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="class-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Trainer</Table.Th>
            <Table.Th>Class Start</Table.Th>
            <Table.Th>Class End</Table.Th>
            <Table.Th>Seats Available</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classes.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component={Link} to={classPath(c.id)}>
                  {c.className}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.instructor.name}</Table.Td>
              <Table.Td>{formatDateTime(c.startTime)}</Table.Td>
              <Table.Td>{formatDateTime(c.endTime)}</Table.Td>
              <Table.Td>
                {c.seatsAvailable} of {c.capacity}
              </Table.Td>
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
