import { Center, Group, Switch, Table, Text } from '@mantine/core';
import { formatDateUs, REQUIREMENT_MESSAGES as M, MESSAGES } from '@portico/shared';
import { useState } from 'react';
import { DownloadButton } from '../../ui/DownloadButton';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { downloadReportCsv, useRequirementsReport } from './api';
import { StateBadge } from './StateBadge';

/**
 * Required training of the people a broker or staff member answers for (issue 31 section 3): the counts per requirement,
 * then each member with their state per requirement; a switch keeps those with one overdue; CSV export.
 */
export function PeoplePage() {
  const [overdue, setOverdue] = useState(false);
  const report = useRequirementsReport({ overdue });
  const title = 'Required training of my people';
  return (
    <>
      <PageTitle title={title}>
        <DownloadButton variant="light" download={() => downloadReportCsv({ overdue })} failure="The CSV file could not be made.">
          Export CSV
        </DownloadButton>
      </PageTitle>
      <Group mb="md">
        <Switch label="Overdue only" checked={overdue} onChange={(e) => setOverdue(e.currentTarget.checked)} />
      </Group>
      {report.isPending ? (
        <Center py="xl">
          <Spinner label="Loading" />
        </Center>
      ) : report.isError ? (
        <ErrorPanel title={MESSAGES.requestProblem} message={report.error.message} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={480} mb="lg">
            <Table striped aria-label="Counts per requirement">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requirement</Table.Th>
                  <Table.Th>{M.stateLabel.met}</Table.Th>
                  <Table.Th>{M.stateLabel.due}</Table.Th>
                  <Table.Th>{M.stateLabel.overdue}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.requirements.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.met}</Table.Td>
                    <Table.Td>{r.due}</Table.Td>
                    <Table.Td>{r.overdue}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {report.data.members.length === 0 ? (
            <Text>{overdue ? 'Nobody is overdue.' : 'Nobody to show.'}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label="Members and their required training" data-testid="people-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Member</Table.Th>
                    <Table.Th>Office</Table.Th>
                    <Table.Th>Requirements</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.members.map((m) => (
                    <Table.Tr key={m.memberId} data-login={m.loginId}>
                      <Table.Td>
                        {m.name} ({m.loginId})
                      </Table.Td>
                      <Table.Td>{m.officeName ?? ''}</Table.Td>
                      <Table.Td>
                        {m.requirements.map((r) => (
                          <Group key={r.id} gap={6} wrap="nowrap">
                            <StateBadge state={r.state} />
                            <Text size="sm">
                              {report.data.requirements.find((x) => x.id === r.id)?.name}
                              {r.state === 'met' ? '' : `, ${r.hoursLeft} h left by ${formatDateUs(r.deadline)}`}
                            </Text>
                          </Group>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </>
  );
}
