import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSupportThread, SupportMessage, SupportThread } from '../../../../shared/schemas/support';
import { SUPPORT_KEY_HEADER } from '../../../../shared/support-topics';
import { apiRequest } from '../../../lib/api-client';
import { writeStoredThread, type StoredThread } from '../thread-storage';

/** While the panel is open, new replies from the team are fetched every few seconds… */
export const SUPPORT_POLL_MS = 5000;
/** …and while it is closed, once a minute, so the button can show that the team answered. */
export const SUPPORT_IDLE_POLL_MS = 60_000;

const keyHeader = (t: StoredThread): Record<string, string> =>
  t.visitorKey ? { [SUPPORT_KEY_HEADER]: t.visitorKey } : {};

export interface ThreadMessages {
  thread: SupportThread;
  messages: SupportMessage[];
}

// GET /api/support/threads/{id}/messages
export const threadMessagesQuery = (stored: StoredThread | null, pollMs: number | false) =>
  queryOptions({
    queryKey: ['support', 'thread', stored?.threadId ?? 0],
    queryFn: () =>
      apiRequest<ThreadMessages>(`/api/support/threads/${stored!.threadId}/messages`, { headers: keyHeader(stored!) }),
    enabled: !!stored,
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
  });

export function useThreadMessages(stored: StoredThread | null, pollMs: number | false, enabled = true) {
  const options = threadMessagesQuery(stored, pollMs);
  return useQuery({ ...options, enabled: options.enabled && enabled });
}

// GET /api/support/threads (signed-in users: their conversations, to continue on another device)
export function useMyThreads(enabled: boolean) {
  return useQuery({
    queryKey: ['support', 'mine'],
    queryFn: () => apiRequest<{ data: SupportThread[] }>('/api/support/threads'),
    enabled,
  });
}

// POST /api/support/threads
export function useCreateThread(userId: number | null, onCreated: (stored: StoredThread) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSupportThread) =>
      apiRequest<ThreadMessages & { visitorKey: string | null }>('/api/support/threads', {
        method: 'POST',
        body: input,
      }),
    onSuccess: (data) => {
      const stored = { threadId: data.thread.id, visitorKey: data.visitorKey, userId };
      writeStoredThread(stored);
      qc.setQueryData(['support', 'thread', data.thread.id], { thread: data.thread, messages: data.messages });
      onCreated(stored);
    },
  });
}

// POST /api/support/threads/{id}/messages
export function usePostMessage(stored: StoredThread | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<{ message: SupportMessage }>(`/api/support/threads/${stored!.threadId}/messages`, {
        method: 'POST',
        body: { body },
        headers: keyHeader(stored!),
      }),
    onSuccess: ({ message }) => {
      qc.setQueryData<ThreadMessages>(['support', 'thread', stored!.threadId], (old) =>
        old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
      );
    },
  });
}
