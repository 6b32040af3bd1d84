import { Button, Group, List, Paper, Table, Text, Title } from '@mantine/core';
import { FEED_MESSAGES, type FeedStatus } from '@portico/shared';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Each setting of the feed: its name in the server's environment, what it holds, and its value now. */
export function settingRows(s: FeedStatus['settings']): Array<[string, string, string]> {
  const notSet = 'Not set';
  return [
    ['RESO_WEB_API_URL', "The Web API's address (service root)", s.url ?? notSet],
    ['RESO_TOKEN', 'An access token from the vendor (or the three settings below)', s.auth === 'token' ? 'Set (hidden)' : notSet],
    ['RESO_TOKEN_URL', "The vendor's OAuth 2 token address", s.tokenUrl ?? notSet],
    ['RESO_CLIENT_ID', 'The client id the vendor gave', s.clientId ?? notSet],
    ['RESO_CLIENT_SECRET', 'The client secret the vendor gave', s.auth === 'client-credentials' ? 'Set (hidden)' : notSet],
    ['RESO_SYNC_MINUTES', 'How often Portico reads the changes, in minutes', String(s.syncMinutes ?? notSet)],
    ['RESO_RESOURCES', 'What Portico reads', s.resources.join(', ') || notSet],
    ['PORTICO_ADMIN_LOGIN', 'A login id made MLS staff at every sync', s.adminLogin ?? notSet],
  ];
}

/** The settings' table: name, what it holds, value (secrets never shown). */
export function SettingsTable({ settings }: { settings: FeedStatus['settings'] }) {
  return (
    <Table verticalSpacing={4} data-testid="feed-settings" aria-label="Feed settings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Setting</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {settingRows(settings).map(([name, what, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" fw={400}>
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {name}
              </Text>
              <Text size="xs">{what}</Text>
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The feed screen before a Web API is connected (issue 28 §4, decision 1040): what an MLS does to connect it, in
 * words; the environment's setting names in a details box for whoever runs the server; the CSV import meanwhile.
 */
export function FeedSetup({ status, importPath }: { status: FeedStatus; importPath: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feed-setup" data-testid="feed-setup">
      <Title order={2} size="h4" id="feed-setup" mb="xs">
        {FEED_MESSAGES.notConfiguredTitle}
      </Title>
      <List spacing={6} mb="md" maw={760}>
        {FEED_MESSAGES.notConfiguredSteps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Group mb="md">
        <Button component={Link} to={importPath} leftSection={<IconFileImport size={16} aria-hidden />}>
          Import members or offices from a CSV
        </Button>
      </Group>
      <details data-testid="feed-settings-details">
        <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{FEED_MESSAGES.settingsDetails}</summary>
        <SettingsTable settings={status.settings} />
        <Text size="xs" mt="xs">
          {FEED_MESSAGES.settingsHelp}
        </Text>
      </details>
    </Paper>
  );
}
