import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CONTENT_MESSAGES } from '@portico/shared';
import dayjs from 'dayjs';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { DANGER_TEXT, SUBTLE_TEXT } from '../../ui/inbox/subtle-text';
import type { NotificationItem } from './hooks';

/** The right-hand side: one notification with its actions. */
export function NotificationDetail({
  item,
  onMarkUnread,
  onArchive,
  onUnarchive,
  onDelete,
}: {
  item: NotificationItem;
  onMarkUnread: () => void;
  onArchive: () => void;
  onUnarchive: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="article" aria-labelledby="notification-subject">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h3" id="notification-subject">
            {item.subject}
          </Title>
          <Badge variant="outline">{item.emailCategory}</Badge>
        </Group>
        <Text size="sm" c={SUBTLE_TEXT}>
          {CONTENT_MESSAGES.messageSentOn} {dayjs(item.createdOn).format('MM/DD/YYYY hh:mm A')}
        </Text>
        <Group gap="xs">
          {item.isRead && (
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
          <Button size="compact-sm" variant="subtle" color="red" c={DANGER_TEXT} onClick={onDelete}>
            Delete
          </Button>
        </Group>
        <SafeHtml html={item.body} testId="notification-body" />
      </Stack>
    </Paper>
  );
}
