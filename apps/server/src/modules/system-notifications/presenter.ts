import {
  type AdminMessage,
  MEMBER_TYPE_CRITERION_FIELD,
  type MemberTypeLookup,
  type MessageStatusLookup,
  type SystemNotification,
} from '@portico/shared';
import type { AdminMessageRow, MemberTypeLookupRow, StatusLookupRow } from './admin-repository';
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

export function presentAdminMessage(r: AdminMessageRow): AdminMessage {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    url: r.url,
    expirationDate: r.expires_on ? r.expires_on.toISOString() : null,
    show: r.is_published,
    position: r.position,
    source: r.source,
    memberId: r.created_by_member_id,
    createdByName: r.created_by_name,
    systemNotificationStatusId: r.system_notification_status_id,
    systemNotificationStatus: { name: r.status_name },
    criteria: r.member_types?.length ? [{ field: MEMBER_TYPE_CRITERION_FIELD, op: 'Equal', values: r.member_types }] : [],
    officeId: r.office_id,
    aorId: r.aor_id,
    createdOn: r.created_on.toISOString(),
    modifiedOn: r.modified_on.toISOString(),
  };
}

export const presentMemberTypeLookup = (r: MemberTypeLookupRow): MemberTypeLookup => ({
  shortName: r.short_name,
  displayName: r.display_name,
});

export const presentStatusLookup = (r: StatusLookupRow): MessageStatusLookup => ({ id: r.id, name: r.name, description: r.description });
