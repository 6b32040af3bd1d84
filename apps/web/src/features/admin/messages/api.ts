import {
  ADMIN_MESSAGE_LIMITS,
  type AdminMessage,
  type AdminMessageInput,
  type MemberTypeLookup,
  type MessageAudience,
  type MessageAudienceQuery,
  type MessageStatusLookup,
  type QueryRequest,
} from '@portico/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../core/api';
import { refreshAfterWrite } from '../../../core/refresh';

export const messageKeys = {
  all: ['admin', 'messages'] as const,
  list: (query: QueryRequest) => ['admin', 'messages', 'list', query] as const,
  one: (id: number) => ['admin', 'messages', 'one', id] as const,
  memberTypes: ['admin', 'memberTypeLookups'] as const,
  statuses: ['admin', 'systemNotificationStatuses'] as const,
};

/** `POST api/app/SystemNotification/q`. */
export function useAdminMessages(query: QueryRequest | null) {
  return useQuery({
    queryKey: messageKeys.list(query ?? {}),
    enabled: query !== null,
    queryFn: async ({ signal }) => apiPost<AdminMessage>('/api/app/SystemNotification/q', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET api/app/SystemNotification/{id}`, results[0]. */
export function useAdminMessage(id: number | null) {
  return useQuery({
    queryKey: messageKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => (await apiGet<AdminMessage>(`/api/app/SystemNotification/${id}`, signal)).results[0] ?? null,
    retry: false,
  });
}

/** `POST api/app/memberTypeLookups/q` (pageId 0, pageSize 5000); only association and MLS staff choose member types. */
export function useMemberTypeLookups(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.memberTypes,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      (
        await apiPost<MemberTypeLookup>(
          '/api/app/memberTypeLookups/q',
          { pageId: 0, pageSize: ADMIN_MESSAGE_LIMITS.memberTypeLookupPageSize },
          signal,
        )
      ).results,
  });
}

/**
 * `POST api/app/SystemNotification/Audience`, results[0]: who the message would reach and how many (decision 1055). A
 * change of member types keeps the last answer on screen until the new one comes.
 */
export function useMessageAudience(query: MessageAudienceQuery) {
  return useQuery({
    queryKey: [...messageKeys.all, 'audience', query] as const,
    queryFn: async ({ signal }) => (await apiPost<MessageAudience>('/api/app/SystemNotification/Audience', query, signal)).results[0],
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `POST api/app/SystemNotificationStatus/q` (pageSize 1000, ordered by name). */
export function useMessageStatuses() {
  return useQuery({
    queryKey: messageKeys.statuses,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      (
        await apiPost<MessageStatusLookup>(
          '/api/app/SystemNotificationStatus/q',
          { pageId: 1, pageSize: ADMIN_MESSAGE_LIMITS.statusLookupPageSize, orderBy: [{ field: 'name', direction: 'Asc' }] },
          signal,
        )
      ).results,
  });
}

/** Create (POST) or update (PUT) a message; the grid and the member's own list refresh after. */
export function useSaveMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: AdminMessageInput }) =>
      id === null
        ? apiPost<AdminMessage>('/api/app/SystemNotification/', values)
        : apiPut<AdminMessage>(`/api/app/SystemNotification/${id}`, values),
    onSuccess: () => {
      refreshAfterWrite(client, messageKeys.all);
      refreshAfterWrite(client, ['systemNotifications']);
    },
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<never>(`/api/app/SystemNotification/${id}`),
    onSuccess: () => {
      refreshAfterWrite(client, messageKeys.all);
      refreshAfterWrite(client, ['systemNotifications']);
    },
  });
}
