import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { byNewest, CONTENT_MESSAGES, isExpired } from '@portico/shared';
import { useMemo, useState } from 'react';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { type SystemNotificationItem, useSystemNotificationActions, useSystemNotifications } from './hooks';

/**
 * The dashboard's unread dash-position system messages, newest first; dismissing one marks it read. Only the
 * newest shows until the member asks for the 'n more' (decision 0953), so a pile of them never pushes the
 * applications below the fold.
 */
export function DashSystemNotifications() {
  const { items } = useSystemNotifications();
  const { setRead } = useSystemNotificationActions();
  const [expanded, setExpanded] = useState(false);
  const dash = useMemo(
    () => items.filter((n) => n.position === 'dash' && !n.isRead && !n.isArchived && !isExpired(n)).sort(byNewest),
    [items],
  );
  if (dash.length === 0) return null;
  const shown = expanded ? dash : dash.slice(0, 1);
  const more = dash.length - shown.length;
  return (
    <Stack gap="xs" mb="md" data-testid="dash-system-notifications">
      {shown.map((n) => (
        <DashMessage key={n.id} notification={n} onDismiss={() => setRead([n.id], true)} />
      ))}
      {more > 0 && (
        <Button variant="default" size="compact-sm" onClick={() => setExpanded(true)} style={{ alignSelf: 'flex-start' }}>
          {CONTENT_MESSAGES.moreDashMessages(more)}
        </Button>
      )}
      {expanded && dash.length > 1 && (
        <Button variant="default" size="compact-sm" onClick={() => setExpanded(false)} style={{ alignSelf: 'flex-start' }}>
          {CONTENT_MESSAGES.fewerDashMessages}
        </Button>
      )}
    </Stack>
  );
}

function DashMessage({ notification: n, onDismiss }: { notification: SystemNotificationItem; onDismiss: () => void }) {
  return (
    <Alert
      title={n.title}
      color={n.systemNotificationStatus.color}
      variant="light"
      // The status colour marks the border and icon; the title keeps the text colour for AA contrast.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      withCloseButton
      closeButtonLabel={`Dismiss ${n.title}`}
      onClose={onDismiss}
    >
      <SafeHtml html={n.message} />
      {n.url && (
        <Anchor href={n.url} target="_blank" rel="noopener noreferrer" size="sm" c="var(--mantine-color-text)" underline="always">
          {CONTENT_MESSAGES.moreInformation}
        </Anchor>
      )}
    </Alert>
  );
}
