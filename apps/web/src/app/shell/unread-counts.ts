import { useUnreadNotificationCount } from '../../features/notifications/index';
import { useUnreadSystemNotificationCount } from '../../features/system-notifications/index';

/**
 * Unread counts for the two bells: notifications (polled every 300000 ms) and system messages (on load and
 * every 5 minutes); both are unread and not archived. Undefined until the first answer.
 */
export function useUnreadCounts(): { notifications?: number; systemNotifications?: number } {
  return { notifications: useUnreadNotificationCount(), systemNotifications: useUnreadSystemNotificationCount() };
}
