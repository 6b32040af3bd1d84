import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CONTENT_MESSAGES, canMarkUnread } from '@portico/shared';
import dayjs from 'dayjs';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { SUBTLE_TEXT } from '../../ui/inbox/subtle-text';
import type { SystemNotificationItem } from './hooks';
import { StatusBadge } from './StatusBadge';

export function SystemNotificationDetail({
  item,
  onMarkUnread,
  onArchive,
  onUnarchive,
}: {
  item: SystemNotificationItem;
  onMarkUnread: () => void;
  onArchive: () => void;
  onUnarchive: () => void;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="article" aria-labelledby="system-notification-title">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h3" id="system-notification-title">
            {item.title}
          </Title>
          <StatusBadge notification={item} />
        </Group>
        <Text size="sm" c={SUBTLE_TEXT}>
          {CONTENT_MESSAGES.messageSentOn} {dayjs(item.createdOn).format('MM/DD/YYYY hh:mm A')}
        </Text>
        <Group gap="xs">
          {canMarkUnread(item) && (
            <Button size="compact-sm" variant="default" onClick={onMarkUnread}>
              Mark as Unread
            </Button>
          )}
          {item.isArchived ? (
            <Button size="compact-sm" variant="default" onClick={onUnarchive}>
              Unarchive
            </Button>
          ) : (
            <Button size="compact-sm" variant="default" onClick={onArchive}>
              Archive
            </Button>
          )}
        </Group>
        <SafeHtml html={item.message} testId="system-notification-message" />
        {item.url && (
          <Anchor href={item.url} target="_blank" rel="noopener noreferrer">
            {CONTENT_MESSAGES.moreInformation}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
