import { Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { type ApplicationUsage, APPLICATION_USAGE_MESSAGES as M, type NeverLaunchedMember } from '@portico/shared';
import { useIsPhone } from '../../ui/useIsPhone';

/** The members who have never launched an application, a page at a time. */
export function NeverLaunched({ usage, onPage }: { usage: ApplicationUsage; onPage: (page: number) => void }) {
  const never = usage.neverLaunched;
  // On a phone the members are cards (decision 1057): the four-column table scrolled its Association column off screen.
  const isPhone = useIsPhone();
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        Members who never launched an application
      </Title>
      {never.totalResults === 0 ? (
        <Text size="sm">{M.everyoneLaunched}</Text>
      ) : (
        <>
          {isPhone ? <MemberCards members={never.members} /> : <MemberTable members={never.members} />}
          <Group justify="space-between" mt="sm">
            <Text size="sm">{never.totalResults.toLocaleString('en-US')} members</Text>
            {never.totalPages > 1 && (
              <Pagination
                total={never.totalPages}
                value={never.pageId}
                onChange={onPage}
                siblings={isPhone ? 0 : 1}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            )}
          </Group>
        </>
      )}
    </Card>
  );
}

function MemberTable({ members }: { members: NeverLaunchedMember[] }) {
  return (
    <Table striped data-testid="never-launched">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Member</Table.Th>
          <Table.Th>Login ID</Table.Th>
          <Table.Th>Office</Table.Th>
          <Table.Th>Association</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((m) => (
          <Table.Tr key={m.memberId}>
            <Table.Td>{m.name}</Table.Td>
            <Table.Td>{m.loginId}</Table.Td>
            <Table.Td>{m.officeName}</Table.Td>
            <Table.Td>{m.association}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The same members as cards on a phone: name and login ID, then office and association, each whole and wrapped. */
function MemberCards({ members }: { members: NeverLaunchedMember[] }) {
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      data-testid="never-launched"
      aria-label="Members who never launched"
    >
      {members.map((m) => (
        <Card component="li" key={m.memberId} withBorder padding="xs" data-testid="never-launched-card">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {m.name}{' '}
            <Text span size="sm" fw={400}>
              ({m.loginId})
            </Text>
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Office: {m.officeName ?? '—'}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Association: {m.association ?? '—'}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
