/**
 * Unread counts for the two bells. The notification center and system messages features provide them
 * (issue 4); until those land the bells show no count rather than an invented one.
 */
export function useUnreadCounts(): { notifications?: number; systemNotifications?: number } {
  return {};
}
