import { Paper, Table, Text, Title } from '@mantine/core';
import type { FeedStatus } from '@portico/shared';

/** The settings as the server read them from its environment; the token and the client secret are never sent. */
export function FeedSettings({ status }: { status: FeedStatus }) {
  const s = status.settings;
  const rows: Array<[string, string]> = [
    ['RESO_WEB_API_URL', s.url ?? ''],
    ['Authentication', s.auth === 'token' ? 'Bearer token (RESO_TOKEN, hidden)' : 'OAuth 2 client credentials (secret hidden)'],
    ...(s.auth === 'client-credentials'
      ? ([
          ['RESO_TOKEN_URL', s.tokenUrl ?? ''],
          ['RESO_CLIENT_ID', s.clientId ?? ''],
        ] as Array<[string, string]>)
      : []),
    ['RESO_SYNC_MINUTES', String(s.syncMinutes ?? '')],
    ['RESO_RESOURCES', s.resources.join(', ')],
    ['PORTICO_ADMIN_LOGIN', s.adminLogin ?? 'Not set'],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feed-settings" miw={300}>
      <Title order={2} size="h4" id="feed-settings" mb="xs">
        Settings
      </Title>
      <Table verticalSpacing={4} data-testid="feed-settings">
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" fw={600}>
                {name}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" mt="xs">
        Read from the server's environment at start-up; change them there and restart.
      </Text>
    </Paper>
  );
}
