import type { Notification } from '@portico/shared';
import type { NotificationRow } from './repository';

export function presentNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    memberId: r.member_id,
    isRead: r.is_read,
    subject: r.subject,
    body: r.body,
    emailCategory: r.email_category,
    campaignTypeId: r.campaign_type_id,
    priority: r.priority,
    createdOn: r.created_on.toISOString(),
  };
}
