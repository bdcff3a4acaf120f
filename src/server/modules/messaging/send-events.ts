import type { Credits } from '../../../shared/messaging/credits';
import type { Message } from '../../../shared/schemas/messaging';
import type { Realtime } from '../../realtime/index';
import { creditsOf, otherOf, type Side } from './send-rules';
import type { SendOutcome } from './send.repository';

/** The two members of a conversation, as the events address them. */
type Pair = { id: number; travelerId: number; guideUserId: number };

/**
 * A message as it stands now, to both sides with each one's credits: an open thread replaces the
 * message with the same id (an offer or a tour request that changed).
 */
export function showToBoth(rt: Realtime, c: Pair, data: Message, credits: Record<Side, Credits>): void {
  rt.send([c.travelerId], { type: 'new_message', payload: { ...data, credits: credits.traveler } });
  rt.send([c.guideUserId], { type: 'new_message', payload: { ...data, credits: credits.guide } });
}

/**
 * A message just sent: the recipient's event first (the one the other side waits for), then the
 * sender's other sockets, each with their credits and unread count; and when the traveler's credits
 * moved with it, both sides hear of it.
 */
export function announceSent(rt: Realtime, c: Pair, senderId: number, data: Message, sent: SendOutcome): void {
  const side: Side = c.travelerId === senderId ? 'traveler' : 'guide';
  const otherSide: Side = side === 'traveler' ? 'guide' : 'traveler';
  const credits = creditsOf(sent, sent.hasBooking);
  const unread = { traveler: sent.travelerUnread, guide: sent.guideUnread };
  rt.send([otherOf(c, senderId)], {
    type: 'new_message',
    payload: { ...data, credits: credits[otherSide], unreadCount: unread[otherSide] },
  });
  rt.send([senderId], { type: 'new_message', payload: { ...data, credits: credits[side], unreadCount: unread[side] } });
  const before = creditsOf(
    {
      travelerMessages: sent.travelerMessages - (side === 'traveler' ? 1 : 0),
      guideMessages: sent.guideMessages - (side === 'guide' ? 1 : 0),
    },
    sent.hasBooking,
  );
  if (credits.traveler !== before.traveler) {
    rt.send([c.travelerId], {
      type: 'credits_update',
      payload: { conversationId: c.id, userId: c.travelerId, credits: credits.traveler },
    });
    rt.send([c.travelerId, c.guideUserId], {
      type: 'conversation_update',
      payload: { conversationId: c.id, credits: credits.traveler },
    });
  }
}
