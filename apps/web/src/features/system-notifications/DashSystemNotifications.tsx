import { Alert, Anchor, Stack } from '@mantine/core';
import { CONTENT_MESSAGES, isExpired } from '@portico/shared';
import { useMemo } from 'react';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { useSystemNotificationActions, useSystemNotifications } from './hooks';

/** The dashboard's unread dash-position system messages; dismissing one marks it read. */
export function DashSystemNotifications() {
  const { items } = useSystemNotifications();
  const { setRead } = useSystemNotificationActions();
  const dash = useMemo(() => items.filter((n) => n.position === 'dash' && !n.isRead && !n.isArchived && !isExpired(n)), [items]);
  if (dash.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="dash-system-notifications">
      {dash.map((n) => (
        <Alert
          key={n.id}
          title={n.title}
          color={n.systemNotificationStatus.color}
          variant="light"
          // The status colour marks the border and icon; the title keeps the text colour for AA contrast.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          withCloseButton
          closeButtonLabel={`Dismiss ${n.title}`}
          onClose={() => setRead([n.id], true)}
        >
          <SafeHtml html={n.message} />
          {n.url && (
            <Anchor href={n.url} target="_blank" rel="noopener noreferrer" size="sm" c="var(--mantine-color-text)" underline="always">
              {CONTENT_MESSAGES.moreInformation}
            </Anchor>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
