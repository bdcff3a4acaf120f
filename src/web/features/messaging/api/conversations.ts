import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../../shared/schemas/messaging';
import { recheckWhilePending } from '../../../components/ui/machine-translated';
import { apiRequest } from '../../../lib/api-client';
import { readerLanguage, useRefetchOnLanguageChange } from '../../../lib/reader-language';
import { messagingKeys } from './keys';

export interface MessagesPage {
  data: Message[];
  nextBefore: number | null;
  credits: number | null;
}

export const openConversation = (guideId: number) =>
  apiRequest<{ data: Conversation }>('/api/conversations', {
    method: 'POST',
    body: { guideId },
    headers: readerLanguage(),
  });

export function useConversations(enabled = true) {
  // The server writes tour request previews and translates the others' in the reader's language (decisions 053, 173): a
  // switch fetches the list again.
  useRefetchOnLanguageChange(messagingKeys.conversations, { exact: true });
  return useQuery({
    queryKey: messagingKeys.conversations,
    queryFn: () =>
      apiRequest<{ data: Conversation[] }>('/api/conversations', { headers: readerLanguage() }).then((r) => r.data),
    refetchInterval: (query) =>
      recheckWhilePending(
        Boolean(query.state.data?.some((c) => c.lastMessageTranslation?.status === 'pending')),
        query.state.dataUpdateCount,
      ),
    enabled,
  });
}

export function useMessages(conversationId: number | null) {
  // Machine translations are made into the language the user reads in (decision 145): a switch fetches again.
  useRefetchOnLanguageChange(messagingKeys.messages(conversationId ?? 0), {
    exact: true,
    enabled: conversationId !== null,
  });
  return useQuery({
    queryKey: messagingKeys.messages(conversationId ?? 0),
    queryFn: () =>
      apiRequest<MessagesPage>(`/api/conversations/${conversationId}/messages`, {
        query: { limit: 50 },
        headers: readerLanguage(),
      }),
    refetchInterval: (query) =>
      recheckWhilePending(
        Boolean(query.state.data?.data.some((m) => m.translation?.status === 'pending')),
        query.state.dataUpdateCount,
      ),
    enabled: conversationId !== null,
  });
}

const newClientId = () => (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '');

/** Sends with a clientMessageId kept across retries, so a retried send never makes a second message. */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { body: string; clientMessageId?: string }) =>
      apiRequest<{ data: Message; credits: number | null }>(`/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        body: { clientMessageId: vars.clientMessageId ?? newClientId(), body: vars.body },
      }),
    onSuccess: (reply) => {
      queryClient.setQueryData<MessagesPage>(messagingKeys.messages(conversationId), (old) =>
        old
          ? {
              ...old,
              credits: reply.credits,
              data: old.data.some((m) => m.id === reply.data.id) ? old.data : [...old.data, reply.data],
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}

/** POST …/mark-read with the reader's userId; failures are ignored (docs/rules/look-and-language.md). */
export function markConversationRead(conversationId: number, userId: number) {
  return apiRequest(`/api/conversations/${conversationId}/mark-read`, { method: 'POST', body: { userId } }).catch(
    () => undefined,
  );
}
