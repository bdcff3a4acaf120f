import type { AppInstance } from '../../lib/types';
import type { BookingEventMap, BookingEventName } from '../bookings/index';
import * as repo from './messaging.repository';
import type { MessagingService } from './messaging.service';

/** The part of the bookings' event seam the chat listens to (bookings/booking/events.ts). */
export interface BookingNoteSource {
  on<K extends BookingEventName>(name: K, listener: (payload: BookingEventMap[K]) => unknown): () => void;
}

/**
 * A booking's agreed plan for each day (decision 178) as a line in the pair's chat: the chat is where
 * the two sides talk the days over, so what was agreed stands there, written by the server in its
 * author's words and language (`note`) and sent as theirs. The chat has no messages of the system's
 * own; the other side's notice says the same in their language. The line's id is the edit's, so a
 * replayed event sends it once.
 */
export function chatOfBookings(app: AppInstance, events: BookingNoteSource, messaging: MessagingService): void {
  const off = events.on('booking.day_plans_updated', async (p) => {
    const c = await repo.openConversation(app.ctx.database.db, p.travelerId, p.guideId, p.guideUserId);
    const author = p.by === 'traveler' ? p.travelerId : p.guideUserId;
    await messaging.send({ id: author, sessionId: null }, c.id, {
      clientMessageId: `day-plans-${p.bookingId}-${Date.parse(p.at)}`,
      body: p.note,
    });
  });
  app.addHook('onClose', async () => off());
}
