import { refundParts } from '../../../shared/booking/charge';
import { writerTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import { bookingPathFor } from '../../../shared/booking/links';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { nextStatus } from '../../../shared/booking/state-machine';
import {
  EVIDENCE_MAX_FILES,
  type Dispute,
  type openDisputeBodySchema,
  type ResolveDisputeReply,
  type resolveDisputeBodySchema,
} from '../../../shared/schemas/disputes';
import type { z } from 'zod';
import { inTransaction, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob, type JobRunner } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AskedLanguage } from '../../lib/request-language';
import type { FileStorage, StoredFile } from '../../storage/index';
import { storePrivateDocument } from '../../storage/private-document';
import type { AuthUser } from '../auth/index';
import { factsOf, findBooking, guideUserIdOf, ledgerOf, lockBooking, transitionBooking, type BookingRow } from '../bookings/index';
import type { NotificationsService } from '../notifications/index';
import { paymentCurrency, type PaymentProvider } from '../payments/index';
import type { ReceiptIssuer } from '../receipts/index';
import { bodyFieldsOf, fieldsOf, translationScope, type Translations } from '../translation/index';
import * as repo from './disputes.repository';
import { lockOpenDispute, markResolved, moveResolvedBooking, postResolution, recordResolution, refundableOnline, resolutionPostings } from './dispute-resolution';
import { ledgerView } from './ledger-view';
import type { DisputeRow, EvidenceRow } from './disputes.repository';
import { disputeTexts } from './texts';

export const DISPUTE_REFUND_JOB = 'dispute.refund';
/** Evidence lives in a private folder: the public /uploads route never serves `private-…` keys. */
const EVIDENCE_FOLDER = 'private-disputes';
/** Evidence images are read at full size by an admin: scaled to fit 2400 px, re-encoded without metadata. */
const EVIDENCE_BOX = { width: 2400, height: 2400 };

interface Deps {
  db: Database;
  storage: FileStorage;
  jobs: JobRunner;
  provider: PaymentProvider;
  notifications?: NotificationsService;
  commissionRate: number;
  /** A refund's credit note, written with the refund (decision 125). */
  receipts: Pick<ReceiptIssuer, 'creditNotes'>;
  /** The app's one clock (compose.ts): a no-show's 48-hour contest window is measured on it, like the booking it cancelled. */
  now: () => Date;
  /** Machine translation of the statement and messages for the admin (decision 146): the cache only, on a read. */
  translations: Pick<Translations, 'readWritten' | 'accountLanguage' | 'readerLanguage'>;
}

type Side = 'traveler' | 'guide';

/** A file name for display only: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>"]/g, '').trim().slice(0, 120);
  return clean || fallback;
}

/**
 * Disputes (decision 064): either party opens one on an ongoing tour or within 7 days of
 * completion (the state machine's `dispute` and its guard); the booking becomes `disputed` and both
 * get a system message. Evidence files are private to the two parties and admins. An admin resolves
 * it as completed or cancelled with a refund: the status change, the ledger entries and the refund
 * jobs commit together; the provider refunds right after.
 */
export class DisputesService {
  constructor(private readonly deps: Deps) {}

  private now(): Date {
    return this.deps.now();
  }

  private get db() {
    return this.deps.db;
  }

  private async sideOf(db: Database, user: AuthUser, booking: BookingRow): Promise<{ side: Side | undefined; guideUserId: number }> {
    const guideUserId = (await guideUserIdOf(db, booking.guideId))!;
    const side: Side | undefined = booking.travelerId === user.id ? 'traveler' : guideUserId === user.id ? 'guide' : undefined;
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

  private async view(dispute: DisputeRow, booking?: BookingRow): Promise<Dispute> {
    const b = booking ?? (await findBooking(this.db, dispute.bookingId))!;
    return toDispute(dispute, b.status, await repo.evidenceOf(this.db, [dispute.id]));
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
      const notices = await this.notify(db, [
        { userId: user.id, side, text: disputeTexts.openedByYou(n), key: `dispute-opened:${dispute.id}:${user.id}` },
        { userId: other, side: side === 'traveler' ? 'guide' : 'traveler', text: disputeTexts.openedByOther(n, side), key: `dispute-opened:${dispute.id}:${other}` },
      ], moved.id);
      return { dispute, booking: moved, side, guideUserId, notices };
    });
    this.deps.jobs.soon(done.notices, now);
    return this.view(done.dispute, done.booking);
  }

  /** The notices, written to the outbox in the caller's transaction (decision 085); `jobs.soon` after the commit. */
  private async notify(db: Database, items: { userId: number; side: Side; text: ReturnType<typeof disputeTexts.openedByYou>; key: string }[], bookingId: number) {
    if (!this.deps.notifications) return undefined;
    return this.deps.notifications.enqueue(
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

  /** The language the admin reads a dispute in (decision 146): `lang`, Accept-Language, their stored locale; none without a provider. */
  readerLanguage(user: AuthUser, asked: AskedLanguage): Promise<TextLanguage | undefined> {
    return this.deps.translations.readerLanguage(user.id, asked);
  }

  async get(user: AuthUser, id: number): Promise<Dispute> {
    const { dispute, booking } = await this.visible(user, id, true);
    return this.view(dispute, booking);
  }

  /** The latest dispute of a booking, for its parties. */
  async ofBooking(user: AuthUser, bookingId: number): Promise<Dispute> {
    const booking = await findBooking(this.db, bookingId);
    if (!booking) throw notFound('Booking');
    const { side } = await this.sideOf(this.db, user, booking);
    if (!side && !user.isAdmin) throw notFound('Booking');
    const dispute = await repo.latestDisputeOfBooking(this.db, bookingId);
    if (!dispute) throw notFound('Dispute');
    return this.view(dispute, booking);
  }

  async listOpen(): Promise<Dispute[]> {
    // Three statements for the whole list: the disputes, their bookings' statuses, their evidence.
    const rows = await repo.openDisputes(this.db, 200);
    const ids = rows.map((d) => d.id);
    const [statuses, evidence] = await Promise.all([repo.bookingStatuses(this.db, rows.map((d) => d.bookingId)), repo.evidenceOf(this.db, ids)]);
    return rows.map((d) => toDispute(d, statuses.get(d.bookingId) ?? 'disputed', evidence.filter((e) => e.disputeId === d.id)));
  }

  /**
   * One dispute for the admin console: the dispute, the booking's ledger and the two sides' latest
   * messages. With machine translation on, the statement and each message in another language than
   * `reader`'s carry their translation (decision 146), each writer's account language breaking a
   * kanji-only tie; `reason` and `body` stay what was written, and are what counts.
   */
  async adminDetail(id: number, reader?: TextLanguage, readerId?: number) {
    const dispute = await repo.disputeById(this.db, id);
    if (!dispute) throw notFound('Dispute');
    const booking = (await findBooking(this.db, dispute.bookingId))!;
    const [evidence, entries, messages, opener] = await Promise.all([
      repo.evidenceOf(this.db, [id]),
      ledgerOf(this.db, booking.id),
      repo.latestMessagesBetween(this.db, booking.travelerId, booking.guideId, 50),
      reader ? this.deps.translations.accountLanguage(dispute.openedBy) : undefined,
    ]);
    const written = (text: string, locale: string | null | undefined, writerId: number) => ({ text, writer: writerTextLanguage(locale), writerId });
    const texts = [{ text: dispute.reason, writer: opener, writerId: dispute.openedBy }, ...messages.map((m) => written(m.body, m.senderLocale, m.senderId))];
    const [reason, ...bodies] = await this.deps.translations.readWritten(texts, reader, { scope: translationScope.dispute(dispute.id), readerId });
    return {
      dispute: { ...toDispute(dispute, booking.status, evidence), ...(reason && { reasonLanguage: reason.language, ...fieldsOf('reason', reason) }) },
      currency: booking.currency,
      ledger: ledgerView(entries, booking.currency),
      messages: messages.map((m, i) => {
        const side = m.senderId === booking.travelerId ? ('traveler' as const) : ('guide' as const);
        return { id: m.id, side, body: m.body, kind: m.kind, createdAt: m.createdAt.toISOString(), ...bodyFieldsOf(bodies[i]) };
      }),
    };
  }

  /** Adds one evidence file: an image (re-encoded to WebP, no metadata) or a PDF, checked by content. */
  async addEvidence(user: AuthUser, id: number, read: () => Promise<{ data: Buffer; fileName?: string }>): Promise<Dispute> {
    // Who may upload is settled before the body is read: a stranger learns nothing, whatever they send.
    const { dispute, booking, side } = await this.visible(user, id, false);
    if (!side) throw notFound('Dispute');
    if (dispute.status !== 'open') throw new AppError('conflict', 'This dispute is resolved; no more evidence can be added');
    if ((await repo.countEvidence(this.db, id)) >= EVIDENCE_MAX_FILES) {
      throw new AppError('conflict', `At most ${EVIDENCE_MAX_FILES} evidence files per dispute`, [{ path: 'body.file', message: 'limit reached' }]);
    }
    const file = await read();
    const stored = await storePrivateDocument(this.deps.storage, EVIDENCE_FOLDER, file.data, EVIDENCE_BOX);
    const ext = stored.type === 'application/pdf' ? 'pdf' : 'webp';
    const baseName = cleanFileName(file.fileName, `evidence.${ext}`).replace(/\.[^.]*$/, '');
    await repo.insertEvidence(this.db, {
      disputeId: id,
      uploadedBy: user.id,
      storageKey: stored.key,
      contentType: stored.type,
      sizeBytes: stored.size,
      fileName: `${baseName || 'evidence'}.${ext}`,
      createdAt: this.now(),
    });
    return this.view(dispute, booking);
  }

  async evidenceFile(user: AuthUser, id: number, evidenceId: number): Promise<{ file: StoredFile; row: EvidenceRow }> {
    await this.visible(user, id, true);
    const row = await repo.evidenceById(this.db, id, evidenceId);
    if (!row) throw notFound('File');
    const file = await this.deps.storage.get(row.storageKey);
    if (!file) throw notFound('File');
    return { file, row };
  }

  /**
   * Admin: resolves an open dispute as completed or cancelled. In one transaction: the state machine's
   * `resolve`, the ledger postings (refund and settlement; the booking's entries still sum to zero)
   * and one refund job per payment refunded; the provider is asked right after the commit.
   */
  async resolve(admin: AuthUser, id: number, body: z.output<typeof resolveDisputeBodySchema>): Promise<ResolveDisputeReply> {
    const now = this.now();
    const jobIds: number[] = [];
    const done = await inTransaction(this.db, async (db) => {
      const { dispute, booking } = await lockOpenDispute(db, id);
      const decision = nextStatus(factsOf(booking), 'resolve', 'admin', { now, resolution: body.resolution });
      if (!decision.ok) throw new AppError('invalid_transition', `A ${booking.status} booking cannot be resolved (${decision.reason})`);
      const { balance, payable } = await refundableOnline(db, booking, body.refundCents);
      // The refund, newest payment first, one provider refund per payment, each in its own currency.
      const parts = refundParts(body.refundCents, payable, booking.currency);
      const postings = await resolutionPostings(db, { booking, dispute, body, balance, parts, commissionRate: this.deps.commissionRate });
      const guideUserId = await postResolution(db, booking, postings, now);
      const moved = await moveResolvedBooking(db, booking, decision, now);
      const resolved = await markResolved(db, admin, id, body, now);
      jobIds.push(...(await enqueueRefunds(db, id, parts, now)));
      await recordResolution(db, admin, { dispute, booking, body, to: decision.to });
      const all = await ledgerOf(db, booking.id);
      const text = disputeTexts.resolved(bookingNumber(moved.id, moved.bookingNumber), body.resolution, body.refundCents, payable[0]?.currency ?? booking.chargeCurrency);
      const notices = await this.notify(
        db,
        [
          { userId: moved.travelerId, side: 'traveler', text, key: `dispute-resolved:${id}:traveler` },
          { userId: guideUserId, side: 'guide', text, key: `dispute-resolved:${id}:guide` },
        ],
        moved.id,
      );
      return { dispute: resolved, booking: moved, guideUserId, ledger: all, notices };
    });
    for (const jobId of jobIds) await this.deps.jobs.runNow(jobId, now);
    this.deps.jobs.soon(done.notices, now);
    return {
      dispute: await this.view(done.dispute, done.booking),
      ledger: ledgerView(done.ledger, done.booking.currency),
    };
  }

  /** Job: one provider refund of a resolution (idempotent at the provider by its key; retried by the runner). */
  async runRefund(job: ClaimedJob): Promise<void> {
    const { disputeId, paymentId, amountCents } = job.payload as { disputeId: number; paymentId: number; amountCents: number };
    const payment = await repo.paymentById(this.db, paymentId);
    if (!payment?.providerRef) return;
    const { refundRef } = await this.deps.provider.refund({
      providerRef: payment.providerRef,
      amountCents,
      currency: paymentCurrency(payment.currency),
      idempotencyKey: `tabi-dispute-refund-${disputeId}-${paymentId}`,
    });
    // The refund and its credit note together, under the booking's lock like every issue (decision 125).
    await inTransaction(this.db, async (tx) => {
      await lockBooking(tx, payment.bookingId);
      await repo.addRefund(tx, paymentId, amountCents, refundRef);
      await this.deps.receipts.creditNotes(tx, payment.bookingId, this.now());
    });
  }
}

/** One refund job per payment refunded, in the resolution's transaction; the ids of those not queued before. */
async function enqueueRefunds(db: Database, disputeId: number, parts: { payment: { id: number }; amountCents: number }[], now: Date): Promise<number[]> {
  const jobIds: number[] = [];
  for (const { payment: p, amountCents: amount } of parts) {
    const jobId = await enqueueJob(db, {
      kind: DISPUTE_REFUND_JOB,
      payload: { disputeId, paymentId: p.id, amountCents: amount },
      runAt: now,
      dedupeKey: `${DISPUTE_REFUND_JOB}:${disputeId}:${p.id}`,
    });
    if (jobId) jobIds.push(jobId);
  }
  return jobIds;
}

function toDispute(dispute: DisputeRow, bookingStatus: string, evidence: EvidenceRow[]): Dispute {
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
