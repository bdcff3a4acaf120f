import { bookingNumber } from '../../../shared/booking/money-rules';
import { nextStatus } from '../../../shared/booking/state-machine';
import { EVIDENCE_MAX_FILES, type Dispute, type openDisputeBodySchema } from '../../../shared/schemas/disputes';
import type { z } from 'zod';
import { inTransaction, type Database } from '../../db/client';
import type { JobRunner } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { FileStorage, StoredFile } from '../../storage/index';
import { displayFileName, storePrivateDocument } from '../../storage/private-document';
import type { AuthUser } from '../auth/index';
import {
  factsOf,
  findBooking,
  guideUserIdOf,
  lockBooking,
  transitionBooking,
  type BookingRow,
} from '../bookings/index';
import type { NotificationsService } from '../notifications/index';
import type { PaymentProvider } from '../payments/index';
import type { ReceiptIssuer } from '../receipts/index';
import type { Translations } from '../translation/index';
import * as repo from './disputes.repository';
import type { EvidenceRow } from './disputes.repository';
import { disputeView, notifyParties, type Side } from './dispute-view';
import { disputeTexts } from './texts';

/** Evidence lives in a private folder: the public /uploads route never serves `private-…` keys. */
const EVIDENCE_FOLDER = 'private-disputes';
/** Evidence images are read at full size by an admin: scaled to fit 2400 px, re-encoded without metadata. */
const EVIDENCE_BOX = { width: 2400, height: 2400 };

/** What both the parties' service and the admin's review (dispute-review.service.ts) are built from. */
export interface DisputesDeps {
  db: Database;
  storage: FileStorage;
  jobs: JobRunner;
  provider: PaymentProvider;
  notifications?: NotificationsService;
  commissionRate: number;
  /** A refund's credit note, written with the refund (decision 125). */
  receipts: Pick<ReceiptIssuer, 'creditNotes'>;
  /**
   * The app's one clock (compose.ts): a no-show's 48-hour contest window is measured on it, like the booking it
   * cancelled.
   */
  now: () => Date;
  /** Machine translation of the statement and messages for the admin (decision 146): the cache only, on a read. */
  translations: Pick<Translations, 'readWritten' | 'accountLanguage' | 'readerLanguage'>;
}

/**
 * Disputes (decision 064): either party opens one on an ongoing tour or within 7 days of
 * completion (the state machine's `dispute` and its guard); the booking becomes `disputed` and both
 * get a system message. Evidence files are private to the two parties and admins. An admin resolves
 * it as completed or cancelled with a refund (DisputeReviewService, dispute-review.service.ts).
 */
export class DisputesService {
  constructor(private readonly deps: DisputesDeps) {}

  private now(): Date {
    return this.deps.now();
  }

  private get db() {
    return this.deps.db;
  }

  private async sideOf(
    db: Database,
    user: AuthUser,
    booking: BookingRow,
  ): Promise<{ side: Side | undefined; guideUserId: number }> {
    const guideUserId = (await guideUserIdOf(db, booking.guideId))!;
    const side: Side | undefined =
      booking.travelerId === user.id ? 'traveler' : guideUserId === user.id ? 'guide' : undefined;
    return { side, guideUserId };
  }

  /** The dispute and its booking if the caller is a party (or, with `admins`, an admin); 404 otherwise. */
  private async visible(user: AuthUser, id: number, admins: boolean) {
    const dispute = await repo.disputeById(this.db, id);
    if (!dispute) throw notFound('Dispute');
    const booking = (await findBooking(this.db, dispute.bookingId))!;
    const { side } = await this.sideOf(this.db, user, booking);
    if (!side && !(admins && user.isAdmin)) throw notFound('Dispute');
    return { dispute, booking, side };
  }

  async open(user: AuthUser, body: z.output<typeof openDisputeBodySchema>): Promise<Dispute> {
    const now = this.now();
    const done = await inTransaction(this.db, async (db) => {
      const booking = await lockBooking(db, body.bookingId);
      if (!booking) throw notFound('Booking');
      const { side, guideUserId } = await this.sideOf(db, user, booking);
      if (!side) throw notFound('Booking');
      const decision = nextStatus(factsOf(booking), 'dispute', side, { now });
      if (!decision.ok) {
        const message =
          decision.reason === 'dispute_window_closed'
            ? 'A dispute can be opened up to 7 days after the tour was completed'
            : `A ${booking.status} booking cannot be disputed`;
        throw new AppError('invalid_transition', message, [{ path: 'bookingId', message: decision.reason }]);
      }
      const moved = await transitionBooking(db, booking.id, decision.from, decision.to);
      if (!moved) throw new AppError('invalid_transition', 'The booking changed meanwhile; try again');
      const dispute = await repo.insertDispute(db, {
        bookingId: booking.id,
        openedBy: user.id,
        openedSide: side,
        previousStatus: booking.status,
        category: body.category,
        reason: body.reason,
        createdAt: now,
      });
      // Safety first (decision 135): a traveler's report of unsafe driving stops the guide driving at once.
      if (body.category === 'unsafe_driving' && side === 'traveler') await repo.stopDriving(db, booking.guideId);
      const n = bookingNumber(moved.id, moved.bookingNumber);
      const other = side === 'traveler' ? guideUserId : moved.travelerId;
      const notices = await notifyParties(
        this.deps.notifications,
        db,
        [
          { userId: user.id, side, text: disputeTexts.openedByYou(n), key: `dispute-opened:${dispute.id}:${user.id}` },
          {
            userId: other,
            side: side === 'traveler' ? 'guide' : 'traveler',
            text: disputeTexts.openedByOther(n, side),
            key: `dispute-opened:${dispute.id}:${other}`,
          },
        ],
        moved.id,
      );
      return { dispute, booking: moved, side, guideUserId, notices };
    });
    this.deps.jobs.soon(done.notices, now);
    return disputeView(this.db, done.dispute, done.booking);
  }

  async get(user: AuthUser, id: number): Promise<Dispute> {
    const { dispute, booking } = await this.visible(user, id, true);
    return disputeView(this.db, dispute, booking);
  }

  /** The latest dispute of a booking, for its parties. */
  async ofBooking(user: AuthUser, bookingId: number): Promise<Dispute> {
    const booking = await findBooking(this.db, bookingId);
    if (!booking) throw notFound('Booking');
    const { side } = await this.sideOf(this.db, user, booking);
    if (!side && !user.isAdmin) throw notFound('Booking');
    const dispute = await repo.latestDisputeOfBooking(this.db, bookingId);
    if (!dispute) throw notFound('Dispute');
    return disputeView(this.db, dispute, booking);
  }

  /** Adds one evidence file: an image (re-encoded to WebP, no metadata) or a PDF, checked by content. */
  async addEvidence(
    user: AuthUser,
    id: number,
    read: () => Promise<{ data: Buffer; fileName?: string }>,
  ): Promise<Dispute> {
    // Who may upload is settled before the body is read: a stranger learns nothing, whatever they send.
    const { dispute, booking, side } = await this.visible(user, id, false);
    if (!side) throw notFound('Dispute');
    if (dispute.status !== 'open')
      throw new AppError('conflict', 'This dispute is resolved; no more evidence can be added');
    if ((await repo.countEvidence(this.db, id)) >= EVIDENCE_MAX_FILES) {
      throw new AppError('conflict', `At most ${EVIDENCE_MAX_FILES} evidence files per dispute`, [
        { path: 'body.file', message: 'limit reached' },
      ]);
    }
    const file = await read();
    const stored = await storePrivateDocument(this.deps.storage, EVIDENCE_FOLDER, file.data, EVIDENCE_BOX);
    const ext = stored.type === 'application/pdf' ? 'pdf' : 'webp';
    const baseName = displayFileName(file.fileName, `evidence.${ext}`).replace(/\.[^.]*$/, '');
    await repo.insertEvidence(this.db, {
      disputeId: id,
      uploadedBy: user.id,
      storageKey: stored.key,
      contentType: stored.type,
      sizeBytes: stored.size,
      fileName: `${baseName || 'evidence'}.${ext}`,
      createdAt: this.now(),
    });
    return disputeView(this.db, dispute, booking);
  }

  async evidenceFile(user: AuthUser, id: number, evidenceId: number): Promise<{ file: StoredFile; row: EvidenceRow }> {
    await this.visible(user, id, true);
    const row = await repo.evidenceById(this.db, id, evidenceId);
    if (!row) throw notFound('File');
    const file = await this.deps.storage.get(row.storageKey);
    if (!file) throw notFound('File');
    return { file, row };
  }
}
