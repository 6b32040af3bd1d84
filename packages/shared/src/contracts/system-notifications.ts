/** Where a system message shows (seed 000 section 3). */
export const SYSTEM_NOTIFICATION_POSITIONS = ['dash', 'popover', 'modal', 'simpleModal'] as const;
export type SystemNotificationPosition = (typeof SYSTEM_NOTIFICATION_POSITIONS)[number];

/** `GET api/app/SystemNotificationStatus`: id, name, description (and the badge colour). */
export interface SystemNotificationStatus {
  id: number;
  name: string;
  description: string;
  color: string;
}

/** A system message; message is sanitised HTML. expiresOn (not in the seed) drives the mark-unread rule. */
export interface SystemNotification {
  id: number;
  title: string;
  message: string;
  position: SystemNotificationPosition;
  url: string | null;
  notificationId: number | null;
  systemNotificationStatusId: number;
  systemNotificationStatus: { name: string; description: string; color: string };
  createdOn: string;
  expiresOn: string | null;
}

/** Popover icon by status id: 1 info, 2 warning, 3 error, otherwise success. */
export function popoverIconKind(statusId: number): 'info' | 'warning' | 'error' | 'success' {
  if (statusId === 1) return 'info';
  if (statusId === 2) return 'warning';
  if (statusId === 3) return 'error';
  return 'success';
}
