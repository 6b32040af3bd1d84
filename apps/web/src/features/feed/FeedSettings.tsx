import { Paper, Text, Title } from '@mantine/core';
import { FEED_MESSAGES, type FeedStatus } from '@portico/shared';
import { SettingsTable } from './FeedSetup';

/** The settings as the server read them from its environment; the token and the client secret are never sent. */
export function FeedSettings({ status }: { status: FeedStatus }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feed-settings" miw={300}>
      <Title order={2} size="h4" id="feed-settings" mb="xs">
        Settings
      </Title>
      <SettingsTable settings={status.settings} />
      <Text size="xs" mt="xs">
        {FEED_MESSAGES.settingsHelp}
      </Text>
    </Paper>
  );
}
