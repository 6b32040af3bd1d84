import {
  CHAT_POLL_MS,
  type ChatThread,
  type CreatedWorkItem,
  SUPPORT_WORK_ITEM_DEFINITION_ID,
  type SupportTicketForm,
} from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';
import { useLivePollInterval } from '../live/index';

export const supportKeys = {
  chat: (id: number) => ['support', 'chat', id] as const,
};

/** `POST api/app/WorkItem/`: the ticket from the form, filed for the signed-in member. */
export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: SupportTicketForm) =>
      (
        await apiPost<CreatedWorkItem>('/api/app/WorkItem/', {
          workItemDefinitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
          title: form.subject,
          fields: { CaseOrigin: 'webform', Body: form.description },
        })
      ).results[0],
    onSuccess: () => refreshAfterWrite(client, ['cases']),
  });
}

export async function openChat(): Promise<ChatThread> {
  return (await apiPost<ChatThread>('/api/app/SupportChat', {})).results[0]!;
}

/** A chat's messages, polled while it is on screen (rarely while the live stream brings replies). */
export function useChat(id: number | null) {
  const interval = useLivePollInterval(CHAT_POLL_MS);
  return useQuery({
    queryKey: supportKeys.chat(id ?? 0),
    enabled: id !== null,
    refetchInterval: interval,
    queryFn: async ({ signal }) => (await apiGet<ChatThread>(`/api/app/SupportChat/${id}`, signal)).results[0]!,
  });
}

export function useChatActions(id: number) {
  const client = useQueryClient();
  const store = (thread: ChatThread | undefined) => {
    if (thread) client.setQueryData(supportKeys.chat(id), thread);
    refreshAfterWrite(client, ['cases']);
  };
  return {
    send: useMutation({
      mutationFn: async (body: string) => (await apiPost<ChatThread>(`/api/app/SupportChat/${id}/Messages`, { body })).results[0],
      onSuccess: store,
    }),
    survey: useMutation({
      mutationFn: async (answer: { rating: number; comment: string }) =>
        (await apiPost<ChatThread>(`/api/app/SupportChat/${id}/Survey`, answer)).results[0],
      onSuccess: store,
    }),
  };
}
