import { Button, Center, Checkbox, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDateTimeIn, MESSAGES } from '@portico/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useMember } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { useMarkAttendance, useRoster } from './api';

/** A class's roster (staff, issue 31 section 2): tick the attendees and mark them attended (or not) in one go. */
export function RosterPage() {
  const classId = Number(useParams().classId);
  const roster = useRoster(classId);
  // The class's time on the member's (the association's, else the MLS's) clock, as the class page shows it.
  const zone = useMember().viewer.timeZone;
  const mark = useMarkAttendance(classId);
  const [chosen, setChosen] = useState<number[]>([]);
  const handleMark = (attended: boolean) =>
    mark.mutate(
      { attendeeIds: chosen, attended },
      {
        onSuccess: (res) => {
          setChosen([]);
          notifications.show({ message: res.message, color: 'green' });
        },
        onError: (e) => notifications.show({ message: e.message, color: 'red' }),
      },
    );
  if (roster.isPending)
    return (
      <Center py="xl">
        <Spinner label="Loading the roster" />
      </Center>
    );
  if (roster.isError) return <ErrorPanel title={MESSAGES.requestProblem} message={roster.error.message} />;
  const r = roster.data;
  const all = r.attendees.map((a) => a.id);
  return (
    <>
      <PageTitle title={`Roster: ${r.className}`} />
      <Text mb="md">
        {formatDateTimeIn(zone, r.startTime)}, {r.hours} {r.hours === 1 ? 'hour' : 'hours'}. Marking a member attended records the
        completion and its certificate.
      </Text>
      {r.attendees.length === 0 ? (
        <Text>Nobody is registered.</Text>
      ) : (
        <>
          <Group mb="sm" wrap="wrap">
            <Button disabled={chosen.length === 0} loading={mark.isPending} onClick={() => handleMark(true)}>
              Mark attended ({chosen.length})
            </Button>
            <Button variant="default" disabled={chosen.length === 0} loading={mark.isPending} onClick={() => handleMark(false)}>
              Mark not attended
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={360}>
            <Table striped aria-label="Roster">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label="Choose everyone"
                      checked={chosen.length === all.length}
                      indeterminate={chosen.length > 0 && chosen.length < all.length}
                      onChange={(e) => setChosen(e.currentTarget.checked ? all : [])}
                    />
                  </Table.Th>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Attended</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.attendees.map((a) => (
                  <Table.Tr key={a.id} data-login={a.loginId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Choose ${a.name}`}
                        checked={chosen.includes(a.id)}
                        onChange={(e) => setChosen((list) => (e.currentTarget.checked ? [...list, a.id] : list.filter((x) => x !== a.id)))}
                      />
                    </Table.Td>
                    <Table.Td>
                      {a.name} ({a.loginId})
                    </Table.Td>
                    <Table.Td>{a.wasPresent ? 'Yes' : 'No'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </>
  );
}
