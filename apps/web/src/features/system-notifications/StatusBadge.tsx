import { Badge } from '@mantine/core';
import type { SystemNotification } from '@portico/shared';

/** The status badge in its colour. */
export function StatusBadge({ notification }: { notification: Pick<SystemNotification, 'systemNotificationStatus'> }) {
  return (
    <Badge color={notification.systemNotificationStatus.color} variant="dot" size="lg">
      {notification.systemNotificationStatus.name}
    </Badge>
  );
}
