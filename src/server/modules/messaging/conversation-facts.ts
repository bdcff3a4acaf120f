/**
 * A conversation as the chat (messaging.service.ts) and its tour requests (tour-requests.service.ts)
 * both read it: who is in it, what its pair has booked, and the services its requests chose.
 */
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import * as repo from './messaging.repository';
import type { ConversationRow, MessageRow } from './messaging.repository';
import type { Services } from './message-view';
import type { Side } from './send-rules';

const sideOf = (c: ConversationRow, userId: number): Side | null =>
  c.travelerId === userId ? 'traveler' : c.guideUserId === userId ? 'guide' : null;
export const pairKey = (c: { travelerId: number; guideId: number }) => `${c.travelerId}:${c.guideId}`;

/** The conversation, if the user is in it; otherwise the same 404 as a missing one. */
export async function memberOf(db: Database, user: AuthUser, id: number): Promise<{ c: ConversationRow; side: Side }> {
  const c = await repo.findConversation(db, id);
  const side = c ? sideOf(c, user.id) : null;
  if (!c || !side) throw notFound('Conversation');
  return { c, side };
}

/** Whether the pair has a booking, and one that unlocks their contacts (decision 050). */
export async function pairFacts(db: Database, c: ConversationRow) {
  return (await repo.bookingFacts(db, [c]).then((m) => m.get(pairKey(c)))) ?? { hasBooking: false, confirmed: false };
}

/** Both names of the services chosen in these tour requests. */
export function serviceNames(db: Database, rows: Pick<MessageRow, 'tourRequest'>[]): Promise<Services> {
  return repo.subcategoryNames(
    db,
    rows.flatMap((m) => (m.tourRequest?.subcategoryId ? [m.tourRequest.subcategoryId] : [])),
  );
}
