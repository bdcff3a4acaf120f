/** Query keys of messaging and the notification centre; real-time events invalidate them. */
export const messagingKeys = {
  unread: (userId: number) => ['unread', userId] as const,
  conversations: ['conversations'] as const,
  messages: (conversationId: number) => ['conversations', conversationId, 'messages'] as const,
  system: ['system-messages'] as const,
  drawer: ['system-messages', 'drawer'] as const,
  settings: ['notification-settings'] as const,
};

/** Decision 051: unread counts are polled every 90 s (the socket brings changes at once). */
export const UNREAD_POLL_MS = 90_000;
/** The drawer fetches 10 and shows 5 unread. */
export const DRAWER_FETCH = 10;
export const DRAWER_SHOW = 5;
