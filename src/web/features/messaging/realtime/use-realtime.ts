import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { tourRequestPreview } from '../../../../shared/messaging/tour-request';
import type { RealtimeEvent } from '../../../../shared/realtime';
import type { Conversation, Message, TotalUnread } from '../../../../shared/schemas/messaging';
import { currentLocale } from '../../../lib/i18n';
import type { MessagesPage } from '../api/conversations';
import { bookingKeys } from '../../bookings';
import { messagingKeys } from '../api/keys';
import { notifyInBrowser } from './browser-notifications';
import { queryClientRef } from './query-client-ref';
import { startRealtime, type RealtimeHandle } from './socket-client';

type NewMessage = Extract<RealtimeEvent, { type: 'new_message' }>['payload'];

declare global {
  interface Window {
    __tabiRealtime?: RealtimeHandle;
  }
}

/** `next` with the translation fields `shown` had for the same words, when `next` carries none (events carry none). */
function keep<T extends object>(
  next: T,
  shown: T | null | undefined,
  words: keyof T,
  fields: [keyof T, ...(keyof T)[]],
): T {
  if (!shown || next[fields[0]] || !shown[fields[0]] || next[words] !== shown[words]) return next;
  return { ...next, ...Object.fromEntries(fields.map((f) => [f, shown[f]])) };
}

/**
 * A message pushed again (an offer or a request that changed) keeps the translations the thread
 * already shows of the same words: its body, an offer's itinerary, a request's itinerary and group.
 */
function keepTranslation(next: Message, shown: Message): Message {
  const body = keep(next, shown, 'body', ['bodyLanguage', 'translated', 'translation']);
  const offer =
    next.offer &&
    keep(next.offer, shown.offer, 'itinerary', ['itineraryLanguage', 'itineraryTranslated', 'itineraryTranslation']);
  const request =
    next.tourRequest &&
    keep(
      keep(next.tourRequest, shown.tourRequest, 'itinerary', [
        'itineraryLanguage',
        'itineraryTranslated',
        'itineraryTranslation',
      ]),
      shown.tourRequest,
      'groupComposition',
      ['groupCompositionLanguage', 'groupCompositionTranslated', 'groupCompositionTranslation'],
    );
  return { ...body, offer, tourRequest: request };
}

/**
 * A sent message's event carries the conversation's unread count as the send wrote it (decision 089):
 * the badge moves by the difference instead of asking the server again. Without the conversation list
 * in the cache, a new message from the other side is one more unread and one's own is none. An event
 * without a count (a tour request answered) changes no count.
 */
function applyUnread(queryClient: QueryClient, userId: number, m: NewMessage) {
  if (m.unreadCount === undefined) return;
  const list = queryClient.getQueryData<Conversation[]>(messagingKeys.conversations);
  const entry = list?.find((c) => c.conversation.id === m.conversationId);
  const delta = entry ? m.unreadCount - entry.unreadCount : m.senderId === userId ? 0 : 1;
  if (entry) {
    queryClient.setQueryData<Conversation[]>(
      messagingKeys.conversations,
      list!.map((c) => (c === entry ? { ...c, unreadCount: m.unreadCount! } : c)),
    );
  }
  if (delta === 0) return;
  queryClient.setQueryData<TotalUnread>(
    messagingKeys.unread(userId),
    (old) =>
      old && {
        ...old,
        chatUnreadCount: Math.max(0, old.chatUnreadCount + delta),
        totalUnreadCount: Math.max(0, old.totalUnreadCount + delta),
      },
  );
}

/** Applies push events to the query cache (events update or invalidate query keys). */
export function useRealtime(token: string | undefined, userId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClientRef.current = queryClient;
    if (!token || !userId) return;
    const onEvent = (e: RealtimeEvent) => {
      switch (e.type) {
        case 'new_message': {
          const key = messagingKeys.messages(e.payload.conversationId);
          // A refetch already under way may carry an older copy (e.g. a tour request still pending): the event wins.
          void queryClient.cancelQueries({ queryKey: key, exact: true });
          const before = queryClient.getQueryData<MessagesPage>(key);
          queryClient.setQueryData<MessagesPage>(key, (old) => {
            if (!old) return old;
            const i = old.data.findIndex((m) => m.id === e.payload.id);
            const data =
              i >= 0
                ? old.data.map((m) => (m.id === e.payload.id ? keepTranslation(e.payload, m) : m))
                : [...old.data, e.payload];
            return { ...old, data, credits: e.payload.credits };
          });
          // Events carry no machine translation (decision 145): with translation on (the thread shows
          // some), the page is read again, which asks for the new message's and shows it when it lands.
          if (e.payload.senderId !== userId && before?.data.some((m) => m.bodyLanguage))
            void queryClient.invalidateQueries({ queryKey: key, exact: true });
          applyUnread(queryClient, userId, e.payload);
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations, exact: true });
          if (e.payload.senderId !== userId && document.visibilityState === 'hidden') {
            // A tour request reads as its summary in the interface language, then the note (decision 053).
            const tr = e.payload.tourRequest;
            const body = tr
              ? [tourRequestPreview(currentLocale(), tr), e.payload.body].filter(Boolean).join('\n')
              : e.payload.body;
            notifyInBrowser('chat', { body, url: `/messages?c=${e.payload.conversationId}` });
          }
          break;
        }
        case 'message_read':
        case 'conversation_update':
        case 'credits_update':
          void queryClient.invalidateQueries({ queryKey: ['conversations'] });
          void queryClient.invalidateQueries({ queryKey: ['unread'] });
          break;
        case 'system_message':
          void queryClient.invalidateQueries({ queryKey: messagingKeys.system });
          void queryClient.invalidateQueries({ queryKey: ['unread'] });
          // Every step one side takes on a booking sends the other a notice: the booking lists follow it here,
          // not by watching the cache for the notices' invalidation, which TanStack Query does not announce for a
          // query already invalidated (one being refetched as the socket opens), so such a step never showed.
          void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
          if (e.payload.action === 'created')
            notifyInBrowser(e.payload.message.type, {
              title: e.payload.message.title,
              body: e.payload.message.message,
              url: e.payload.message.actionUrl,
            });
          else notifyInBrowser('system', { bulk: e.payload.messages.length });
          break;
        case 'system_message_read':
          void queryClient.invalidateQueries({ queryKey: messagingKeys.system });
          void queryClient.invalidateQueries({ queryKey: ['unread'] });
          break;
      }
    };
    // Catch up on what was pushed while no socket was open (page load, reconnects): refetch what pushes
    // refresh, booking lists included. Inactive queries are only marked stale.
    const onOpen = () => {
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.system });
      void queryClient.invalidateQueries({ queryKey: ['unread'] });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    };
    const handle = startRealtime(token, onEvent, () => undefined, onOpen);
    window.__tabiRealtime = handle;
    return () => {
      handle.stop();
      if (window.__tabiRealtime === handle) delete window.__tabiRealtime;
    };
  }, [queryClient, token, userId]);
}
