import { notifications as toasts } from '@mantine/notifications';
import {
  CONTENT_MESSAGES,
  POLL_INTERVAL_MS,
  type SystemNotification,
  type SystemNotificationStatus,
  TOAST_ERROR_MS,
} from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../../core/api';
import { useMember, useProfileBagIds } from '../../core/member';
import { useLivePollInterval } from '../live/index';

export interface SystemNotificationItem extends SystemNotification {
  isRead: boolean;
  isArchived: boolean;
}

const idSet = (value: unknown) => new Set((Array.isArray(value) ? value : []).map(Number));

/**
 * `GET api/app/SystemNotifications` on load and every 5 minutes. The server answers an unchanged list with
 * 304 to the browser's own revalidation (ETag, Cache-Control: no-cache). Read and archived come from the
 * profile bag (`systemNotifications.read` / `.archived`). A live 'system-notifications' hint refetches at once (decision 0977).
 */
export function useSystemNotifications() {
  const { viewer, profile } = useMember();
  const interval = useLivePollInterval(POLL_INTERVAL_MS);
  const query = useQuery({
    queryKey: ['systemNotifications', viewer.memberId],
    queryFn: async ({ signal }) => (await apiGet<SystemNotification>('/api/app/SystemNotifications', signal)).results,
    refetchInterval: interval,
    staleTime: 30_000,
  });
  const readList = profile.profileBag['systemNotifications.read'];
  const archivedList = profile.profileBag['systemNotifications.archived'];
  const items = useMemo<SystemNotificationItem[]>(() => {
    const read = idSet(readList);
    const archived = idSet(archivedList);
    return (query.data ?? []).map((n) => ({ ...n, isRead: read.has(n.id), isArchived: archived.has(n.id) }));
  }, [query.data, readList, archivedList]);
  return { ...query, items };
}

export function useSystemNotificationStatuses() {
  return useQuery({
    queryKey: ['systemNotificationStatuses'],
    queryFn: async ({ signal }) => (await apiGet<SystemNotificationStatus>('/api/app/SystemNotificationStatus', signal)).results,
    staleTime: 10 * 60_000,
  });
}

/** Read and archive lists in the profile bag. */
export function useSystemNotificationActions() {
  const saveIds = useProfileBagIds();
  const onError = (error: Error) =>
    toasts.show({ title: CONTENT_MESSAGES.systemNotificationsError, message: error.message, color: 'red', autoClose: TOAST_ERROR_MS });
  return {
    setRead: (ids: number[], read: boolean) => saveIds('systemNotifications.read', ids, read, onError),
    setArchived: (ids: number[], archived: boolean) => saveIds('systemNotifications.archived', ids, archived, onError),
  };
}

/** Not read and not archived: the system bell's count. */
export function useUnreadSystemNotificationCount(): number | undefined {
  const { items, data } = useSystemNotifications();
  return useMemo(() => (data ? items.filter((n) => !n.isRead && !n.isArchived).length : undefined), [items, data]);
}
