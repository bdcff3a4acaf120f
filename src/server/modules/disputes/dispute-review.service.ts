/**
 * The admin's side of disputes (decision 064): the open disputes, one with its booking's ledger and the
 * two sides' messages, and the resolution with its refunds, each refund a job the provider is asked by.
 * The parties' side (opening, reading, evidence) is DisputesService.
 */
import { refundParts } from '../../../shared/booking/charge';
import { writerTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { nextStatus } from '../../../shared/booking/state-machine';
import type { Dispute, ResolveDisputeReply, resolveDisputeBodySchema } from '../../../shared/schemas/disputes';
import type { z } from 'zod';
import { inTransaction, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AskedLanguage } from '../../lib/request-language';
import type { AuthUser } from '../auth/index';
import { factsOf, findBooking, ledgerOf, lockBooking } from '../bookings/index';
import { paymentCurrency } from '../payments/index';
import { bodyFieldsOf, fieldsOf, translationScope } from '../translation/index';
import * as repo from './disputes.repository';
import {
  lockOpenDispute,
  markResolved,
  moveResolvedBooking,
  postResolution,
  recordResolution,
  refundableOnline,
  resolutionPostings,
} from './dispute-resolution';
import type { DisputesDeps } from './disputes.service';
import { disputeView, notifyParties, toDispute } from './dispute-view';
import { ledgerView } from './ledger-view';
import { disputeTexts } from './texts';

export const DISPUTE_REFUND_JOB = 'dispute.refund';

/** The admin's review of disputes (the parties' side is DisputesService). */
export class DisputeReviewService {
  constructor(private readonly deps: DisputesDeps) {}

  private now(): Date {
    return this.deps.now();
  }

  private get db() {
    return this.deps.db;
  }

  /**
   * The language the admin reads a dispute in (decision 146): `lang`, Accept-Language, their stored locale; none
   * without a provider.
   */
  readerLanguage(user: AuthUser, asked: AskedLanguage): Promise<TextLanguage | undefined> {
    return this.deps.translations.readerLanguage(user.id, asked);
  }

  async listOpen(): Promise<Dispute[]> {
    // Three statements for the whole list: the disputes, their bookings' statuses, their evidence.
    const rows = await repo.openDisputes(this.db, 200);
    const ids = rows.map((d) => d.id);
    const [statuses, evidence] = await Promise.all([
      repo.bookingStatuses(
        this.db,
        rows.map((d) => d.bookingId),
      ),
      repo.evidenceOf(this.db, ids),
    ]);
    return rows.map((d) =>
      toDispute(
        d,
        statuses.get(d.bookingId) ?? 'disputed',
        evidence.filter((e) => e.disputeId === d.id),
      ),
    );
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
    const written = (text: string, locale: string | null | undefined, writerId: number) => ({
      text,
      writer: writerTextLanguage(locale),
      writerId,
    });
    const texts = [
      { text: dispute.reason, writer: opener, writerId: dispute.openedBy },
      ...messages.map((m) => written(m.body, m.senderLocale, m.senderId)),
    ];
    const [reason, ...bodies] = await this.deps.translations.readWritten(texts, reader, {
      scope: translationScope.dispute(dispute.id),
      readerId,
    });
    return {
      dispute: {
        ...toDispute(dispute, booking.status, evidence),
        ...(reason && { reasonLanguage: reason.language, ...fieldsOf('reason', reason) }),
      },
      currency: booking.currency,
      ledger: ledgerView(entries, booking.currency),
      messages: messages.map((m, i) => {
        const side = m.senderId === booking.travelerId ? ('traveler' as const) : ('guide' as const);
        return {
          id: m.id,
          side,
          body: m.body,
          kind: m.kind,
          createdAt: m.createdAt.toISOString(),
          ...bodyFieldsOf(bodies[i]),
        };
      }),
    };
  }

  /**
   * Admin: resolves an open dispute as completed or cancelled. In one transaction: the state machine's
   * `resolve`, the ledger postings (refund and settlement; the booking's entries still sum to zero)
   * and one refund job per payment refunded; the provider is asked right after the commit.
   */
  async resolve(
    admin: AuthUser,
    id: number,
    body: z.output<typeof resolveDisputeBodySchema>,
  ): Promise<ResolveDisputeReply> {
    const now = this.now();
    const jobIds: number[] = [];
    const done = await inTransaction(this.db, async (db) => {
      const { dispute, booking } = await lockOpenDispute(db, id);
      const decision = nextStatus(factsOf(booking), 'resolve', 'admin', { now, resolution: body.resolution });
      if (!decision.ok)
        throw new AppError('invalid_transition', `A ${booking.status} booking cannot be resolved (${decision.reason})`);
      const { balance, payable } = await refundableOnline(db, booking, body.refundCents);
      // The refund, newest payment first, one provider refund per payment, each in its own currency.
      const parts = refundParts(body.refundCents, payable, booking.currency);
      const postings = await resolutionPostings(db, {
        booking,
        dispute,
        body,
        balance,
        parts,
        commissionRate: this.deps.commissionRate,
      });
      const guideUserId = await postResolution(db, booking, postings, now);
      const moved = await moveResolvedBooking(db, booking, decision, now);
      const resolved = await markResolved(db, admin, id, body, now);
      jobIds.push(...(await enqueueRefunds(db, id, parts, now)));
      await recordResolution(db, admin, { dispute, booking, body, to: decision.to });
      const all = await ledgerOf(db, booking.id);
      const text = disputeTexts.resolved(
        bookingNumber(moved.id, moved.bookingNumber),
        body.resolution,
        body.refundCents,
        payable[0]?.currency ?? booking.chargeCurrency,
      );
      const notices = await notifyParties(
        this.deps.notifications,
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
      dispute: await disputeView(this.db, done.dispute, done.booking),
      ledger: ledgerView(done.ledger, done.booking.currency),
    };
  }

  /** Job: one provider refund of a resolution (idempotent at the provider by its key; retried by the runner). */
  async runRefund(job: ClaimedJob): Promise<void> {
    const { disputeId, paymentId, amountCents } = job.payload as {
      disputeId: number;
      paymentId: number;
      amountCents: number;
    };
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
async function enqueueRefunds(
  db: Database,
  disputeId: number,
  parts: { payment: { id: number }; amountCents: number }[],
  now: Date,
): Promise<number[]> {
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
