import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RejectReason } from '../../../../shared/messaging/tour-request';
import type { Message, TourRequest } from '../../../../shared/schemas/messaging';
import { apiRequest } from '../../../lib/api-client';
import type { MessagesPage } from '../api/conversations';
import { messagingKeys } from '../api/keys';

function useMergeMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return (m: Message, credits?: number | null) => {
    queryClient.setQueryData<MessagesPage>(messagingKeys.messages(conversationId), (old) => {
      if (!old) return old;
      const data = old.data.some((x) => x.id === m.id)
        ? old.data.map((x) => (x.id === m.id ? m : x))
        : [...old.data, m];
      return { ...old, data, credits: credits === undefined ? old.credits : credits };
    });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations, exact: true });
  };
}

/** POST …/tour-requests with a clientMessageId kept across retries of one form. */
export function useSendTourRequest(conversationId: number) {
  const merge = useMergeMessage(conversationId);
  return useMutation({
    mutationFn: (vars: { clientMessageId: string; request: TourRequest; note: string }) =>
      apiRequest<{ data: Message; credits: number | null }>(`/api/conversations/${conversationId}/tour-requests`, {
        method: 'POST',
        body: vars,
      }),
    onSuccess: (reply) => merge(reply.data, reply.credits),
  });
}

export function useAnswerTourRequest(conversationId: number, messageId: number) {
  const merge = useMergeMessage(conversationId);
  return useMutation({
    mutationFn: (answer: { accept: true } | { accept: false; reason: RejectReason }) =>
      apiRequest<{ data: Message }>(
        `/api/conversations/${conversationId}/tour-requests/${messageId}/${answer.accept ? 'accept' : 'reject'}`,
        {
          method: 'POST',
          body: answer.accept ? undefined : { reason: answer.reason, confirm: true },
        },
      ),
    onSuccess: (reply) => merge(reply.data),
  });
}
