import { Anchor, Table } from '@mantine/core';
import { TRAINING_MESSAGES as M, type TrainingClass } from '@portico/shared';
import { Link } from 'react-router';
import { useMlsZone } from '../../../core/member';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDateTime } from '../format';
import { RegisterButton } from './RegisterButton';

export const classPath = (id: number) => `/training/registration/${id}`;

export const locationText = (cls: TrainingClass) => cls.location?.name ?? cls.presentationType;

interface Props {
  classes: TrainingClass[];
  /** The Class List shows Seats Available and "Action"; My Scheduled Classes neither, and "Actions". */
  variant: 'class-list' | 'my-classes';
  emptyText: string;
}

/**
 * The class tables of seed 002 section 2. Class list: Name, Trainer, Class Start, Class End, Seats Available,
 * Location, Action. My Scheduled Classes: Class Name, Trainer, Class Start, Class End, Location, Actions.
 */
export function ClassTable({ classes, variant, emptyText }: Props) {
  const zone = useMlsZone();
  if (classes.length === 0) return <EmptyState text={emptyText} />;
  const isList = variant === 'class-list';
  return (
    <Table.ScrollContainer minWidth={isList ? 760 : 700}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid={variant}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{isList ? 'Name' : 'Class Name'}</Table.Th>
            <Table.Th>Trainer</Table.Th>
            <Table.Th>Class Start</Table.Th>
            <Table.Th>Class End</Table.Th>
            {isList && <Table.Th>Seats Available</Table.Th>}
            <Table.Th>Location</Table.Th>
            <Table.Th>{isList ? 'Action' : 'Actions'}</Table.Th>
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
              <Table.Td>{formatDateTime(c.startTime, zone)}</Table.Td>
              <Table.Td>{formatDateTime(c.endTime, zone)}</Table.Td>
              {isList && (
                <Table.Td>
                  {c.seatsAvailable} of {c.capacity}
                </Table.Td>
              )}
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

export function ClassListTable({ classes }: { classes: TrainingClass[] }) {
  return <ClassTable classes={classes} variant="class-list" emptyText={M.noClasses} />;
}
