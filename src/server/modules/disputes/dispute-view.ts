/**
 * A dispute as the API shows it to its parties and to the admin, and the notices it sends them: what
 * the parties' service (disputes.service.ts) and the admin's review (dispute-review.service.ts) share.
 */
import { bookingPathFor } from '../../../shared/booking/links';
import type { Dispute } from '../../../shared/schemas/disputes';
import type { Database } from '../../db/client';
import { findBooking, type BookingRow } from '../bookings/index';
import type { NotificationsService } from '../notifications/index';
import * as repo from './disputes.repository';
import type { DisputeRow, EvidenceRow } from './disputes.repository';
import type { disputeTexts } from './texts';

export type Side = 'traveler' | 'guide';

/** The dispute with its booking's status and its evidence. */
export async function disputeView(db: Database, dispute: DisputeRow, booking?: BookingRow): Promise<Dispute> {
  const b = booking ?? (await findBooking(db, dispute.bookingId))!;
  return toDispute(dispute, b.status, await repo.evidenceOf(db, [dispute.id]));
}

/** The notices, written to the outbox in the caller's transaction (decision 085); `jobs.soon` after the commit. */
export async function notifyParties(
  notifications: NotificationsService | undefined,
  db: Database,
  items: { userId: number; side: Side; text: ReturnType<typeof disputeTexts.openedByYou>; key: string }[],
  bookingId: number,
) {
  if (!notifications) return undefined;
  return notifications.enqueue(
    db,
    items.map((i) => ({
      userId: i.userId,
      type: 'booking' as const,
      text: i.text,
      actionUrl: bookingPathFor(i.side, bookingId),
      related: { type: 'booking', id: bookingId },
      dedupeKey: i.key,
    })),
  );
}

/** The API's dispute: its row, its booking's status and its evidence, each file's URL under the dispute. */
export function toDispute(dispute: DisputeRow, bookingStatus: string, evidence: EvidenceRow[]): Dispute {
  return {
    id: dispute.id,
    bookingId: dispute.bookingId,
    openedBy: dispute.openedBy,
    openedSide: dispute.openedSide,
    previousStatus: dispute.previousStatus,
    category: dispute.category,
    reason: dispute.reason,
    status: dispute.status,
    resolution: dispute.resolution,
    refundCents: dispute.refundCents,
    resolutionNote: dispute.resolutionNote,
    createdAt: dispute.createdAt.toISOString(),
    resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
    bookingStatus,
    evidence: evidence.map((e) => ({
      id: e.id,
      fileName: e.fileName,
      contentType: e.contentType,
      sizeBytes: e.sizeBytes,
      uploadedBy: e.uploadedBy,
      createdAt: e.createdAt.toISOString(),
      url: `/api/v2/disputes/${dispute.id}/evidence/${e.id}`,
    })),
  };
}
