import type { Credits } from './messaging/credits';
import type { Message } from './schemas/messaging';
import type { SystemMessage } from './schemas/notifications';

/**
 * The six push events of the WebSocket `/ws?token=…` (Conversations and real time), as one
 * typed union shared by the server (which sends them) and the web app (which applies them).
 */
export type RealtimeEvent =
  /**
   * `unreadCount`: the receiving user's unread messages in this conversation after the send, from the send's own write
   * (decision 089).
   */
  | { type: 'new_message'; payload: Message & { credits: Credits; unreadCount?: number } }
  | {
      type: 'message_read';
      payload: {
        messageIds: number[];
        conversationId: number;
        readerId: number;
        readAll: boolean;
        totalUnreadCount: number;
      };
    }
  | { type: 'conversation_update'; payload: { conversationId: number; credits: Credits } }
  | { type: 'credits_update'; payload: { conversationId: number; userId: number; credits: Credits } }
  | {
      type: 'system_message';
      payload: { action: 'created'; message: SystemMessage } | { action: 'bulk_created'; messages: SystemMessage[] };
    }
  | {
      type: 'system_message_read';
      /** `message` for one message; `messageIds` for mark-all, archive and delete; unreadCount after it. */
      payload: { action: 'marked_read'; message?: SystemMessage; messageIds: number[]; unreadCount: number };
    };

export type RealtimeEventType = RealtimeEvent['type'];
export const REALTIME_EVENT_TYPES = [
  'new_message',
  'message_read',
  'conversation_update',
  'credits_update',
  'system_message',
  'system_message_read',
] as const satisfies readonly RealtimeEventType[];

/** Close codes the server uses; the client stops reconnecting on all three (docs/rules/messaging.md). */
export const WS_CLOSE = {
  /** The instance is stopping (deploy, scale-in): reconnect, another instance answers. */
  goingAway: 1001,
  /** No token, or one that does not verify. */
  invalidToken: 4401,
  /** The token's time is up. */
  expiredToken: 4402,
  /** The session was ended (logout, password change). */
  revoked: 4403,
} as const;

export const isStopCode = (code: number) =>
  code === WS_CLOSE.invalidToken || code === WS_CLOSE.expiredToken || code === WS_CLOSE.revoked;

/** docs/rules/messaging.md reconnect delay: 1 s doubling per attempt, capped at 30 s, times a jitter of 0.8–1.2. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Badge: the count, or '99+' above 99; nothing for 0. */
export const badgeText = (n: number): string => (n <= 0 ? '' : n > 99 ? '99+' : String(n));

export function parseRealtimeEvent(raw: string): RealtimeEvent | null {
  try {
    const v = JSON.parse(raw) as { type?: unknown; payload?: unknown };
    if (
      typeof v?.type === 'string' &&
      (REALTIME_EVENT_TYPES as readonly string[]).includes(v.type) &&
      typeof v.payload === 'object'
    )
      return v as RealtimeEvent;
  } catch {
    /* not an event */
  }
  return null;
}
