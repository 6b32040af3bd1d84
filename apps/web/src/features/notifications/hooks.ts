import { notifications as toasts } from '@mantine/notifications';
import { CONTENT_MESSAGES, type Notification, POLL_INTERVAL_MS, TOAST_ERROR_MS } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiError } from '../../core/api';
import { useMember, useProfileBagIds } from '../../core/member';
import { useLivePollInterval } from '../live/index';
import { deleteNotification, fetchCampaignTypes, fetchNotifications, patchNotificationRead, patchNotificationsRead } from './api';

export const notificationKeys = {
  list: (memberId: number) => ['notifications', memberId] as const,
  campaignTypes: ['campaignTypes'] as const,
};

export interface NotificationItem extends Notification {
  isArchived: boolean;
}

/** The member's notifications, polled every 300000 ms (rarely while the live stream is connected, decision 0977); archived state comes from the profile bag. */
export function useNotifications() {
  const { viewer, profile } = useMember();
  const interval = useLivePollInterval(POLL_INTERVAL_MS);
  const query = useQuery({
    queryKey: notificationKeys.list(viewer.memberId),
    queryFn: ({ signal }) => fetchNotifications(viewer.memberId, signal),
    refetchInterval: interval,
    staleTime: POLL_INTERVAL_MS,
  });
  const archivedList = profile.profileBag['notifications.archived'];
  const items = useMemo<NotificationItem[]>(() => {
    const archived = new Set((Array.isArray(archivedList) ? archivedList : []).map(Number));
    return (query.data ?? []).map((n) => ({ ...n, isArchived: archived.has(n.id) }));
  }, [query.data, archivedList]);
  return { ...query, items };
}

export function useCampaignTypes() {
  return useQuery({
    queryKey: notificationKeys.campaignTypes,
    queryFn: ({ signal }) => fetchCampaignTypes(signal),
    staleTime: 10 * 60_000,
  });
}

function showError(error: unknown) {
  toasts.show({ title: CONTENT_MESSAGES.requestProblem, message: (error as ApiError).message, color: 'red', autoClose: TOAST_ERROR_MS });
}

/** Read (server), archive (profile bag) and delete, each updating the cached list at once. */
export function useNotificationActions() {
  const client = useQueryClient();
  const { viewer } = useMember();
  const saveIds = useProfileBagIds();
  const key = notificationKeys.list(viewer.memberId);
  const setLocal = (update: (list: Notification[]) => Notification[]) =>
    client.setQueryData<Notification[]>(key, (old) => (old ? update(old) : old));

  const markRead = useMutation({
    mutationFn: ({ ids, isRead }: { ids: number[]; isRead: boolean }) =>
      ids.length === 1 ? patchNotificationRead(ids[0], isRead) : patchNotificationsRead(ids, isRead),
    onMutate: ({ ids, isRead }) => {
      const previous = client.getQueryData<Notification[]>(key);
      const wanted = new Set(ids);
      setLocal((list) => list.map((n) => (wanted.has(n.id) ? { ...n, isRead } : n)));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      showError(error);
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteNotification(id),
    onSuccess: (_r, id) => setLocal((list) => list.filter((n) => n.id !== id)),
    onError: showError,
  });

  const setArchived = (ids: number[], archived: boolean) => saveIds('notifications.archived', ids, archived, showError);

  return { markRead: (ids: number[], isRead: boolean) => ids.length > 0 && markRead.mutate({ ids, isRead }), remove, setArchived };
}

/** Unread and not archived: the bell's count. */
export function useUnreadNotificationCount(): number | undefined {
  const { items, data } = useNotifications();
  return useMemo(() => (data ? items.filter((n) => !n.isRead && !n.isArchived).length : undefined), [items, data]);
}
