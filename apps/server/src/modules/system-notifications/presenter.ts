import type { SystemNotification } from '@portico/shared';
import type { SystemNotificationRow } from './repository';

export function presentSystemNotification(r: SystemNotificationRow): SystemNotification {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    position: r.position,
    url: r.url,
    notificationId: r.notification_id,
    systemNotificationStatusId: r.system_notification_status_id,
    systemNotificationStatus: { name: r.status_name, description: r.status_description, color: r.status_color },
    createdOn: r.created_on.toISOString(),
    expiresOn: r.expires_on ? r.expires_on.toISOString() : null,
  };
}
