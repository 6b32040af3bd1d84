import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TRAINING_MESSAGES as M, type TrainingClass } from '@portico/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { type ClassTimes, useClassTimes } from '../format';
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
/** Below this width the tables become cards: a 760 px table put Register off a phone's screen (issue 28). */
export const CLASS_CARDS_QUERY = '(max-width: 47.99em)';

export function ClassTable({ classes, variant, emptyText }: Props) {
  const times = useClassTimes();
  const isPhone = useMediaQuery(CLASS_CARDS_QUERY, false, { getInitialValueInEffect: false });
  if (classes.length === 0) return <EmptyState text={emptyText} />;
  const isList = variant === 'class-list';
  if (isPhone) return <ClassCards classes={classes} variant={variant} times={times} />;
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
              <Table.Td>{times.dateTime(c.startTime)}</Table.Td>
              <Table.Td>{times.dateTime(c.endTime)}</Table.Td>
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

/** The same classes as cards on a phone: every value and the action whole on screen, no sideways scrolling. */
function ClassCards({ classes, variant, times }: { classes: TrainingClass[]; variant: Props['variant']; times: ClassTimes }) {
  const isList = variant === 'class-list';
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid={`${variant}-cards`} aria-label="Classes">
      {classes.map((c) => (
        <Card component="li" key={c.id} withBorder padding="sm" data-testid="class-card">
          <Stack gap={4}>
            <Anchor component={Link} to={classPath(c.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {c.className}
            </Anchor>
            <Text size="sm">
              {times.dateTime(c.startTime)} to {times.dateTime(c.endTime)}
            </Text>
            <Text size="sm">
              {c.instructor.name} · {locationText(c)}
            </Text>
            <Group justify="space-between" align="center" wrap="nowrap">
              <Text size="sm">{isList ? `${c.seatsAvailable} of ${c.capacity} seats available` : ''}</Text>
              <RegisterButton cls={c} size="sm" />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function ClassListTable({ classes }: { classes: TrainingClass[] }) {
  return <ClassTable classes={classes} variant="class-list" emptyText={M.noClasses} />;
}
