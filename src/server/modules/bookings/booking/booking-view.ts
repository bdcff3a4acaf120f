import { resellerOf } from './reseller-view';
import { ownAmountOf } from '../../../../shared/booking/charge';
import { toMajor, trimRate } from '../../../../shared/currency';
import { PAYMENT_WINDOW_MINUTES, REQUEST_ANSWER_HOURS, zonedClockTime } from '../../../../shared/booking/schedule';
import {
  availableEvents,
  nextStatus,
  NO_SHOW_AFTER_MINUTES,
  type Actor,
  type BookingFacts,
} from '../../../../shared/booking/state-machine';
import { bookingNumber } from '../../../../shared/booking/money-rules';
import type { Booking, BookingPayment } from '../../../../shared/schemas/bookings';
import type { Payment } from '../../../../shared/schemas/payments';
import type { BookingRow, ExtensionRow, PaymentRow } from './bookings.repository';
import type { BookingViewRow } from './booking-views.repository';
import { inHelpWindow } from '../../../../shared/booking/help-window';
import {
  addedMinutesByDay,
  currentTourDay,
  lastDayStartsAt,
  laterTourDay,
  tourDays,
} from '../../../../shared/booking/tour-days';
import { noShowSplit } from '../../../../shared/booking/no-show-split';
import { guideNetCents } from '../../../../shared/booking/guide-net';
import { detectTextLanguage, writerTextLanguage } from '../../../../shared/guide-texts';
import { TOUR_TO_PAY } from './guide-pay.repository';
import { familyView } from './family-plans';
import { moneyView } from './in-person-view';
import { extensionsPaidCents, openExtensionView } from './extension-view';
import { extensionFee, extensionsCounted } from './extension-rules';
import { linesOf } from './booking-lines';
import { toProposal } from './reschedule-view';

/** Events a person fires from the app (the system's and admin's are not buttons). */
const HUMAN_EVENTS = new Set([
  'accept',
  'decline',
  'cancel',
  'start_confirm',
  'request_extension',
  'approve_extension',
  'reject_extension',
  'confirm_extension',
  'withdraw_extension',
  'service_complete',
  'dispute',
]);

/** Why a no-show report cancelled a booking (decision 138): the side reported absent is the canceller of record. */
export const NO_SHOW_REASONS = { guide: 'guide_no_show', traveler: 'traveler_no_show' } as const;

/** The no-show report behind a cancellation, if any: who reported it and when. */
function noShowOf(b: BookingRow): BookingFacts['noShow'] {
  if (!b.cancelledAt) return null;
  if (b.cancelReason === NO_SHOW_REASONS.guide) return { by: 'traveler', at: b.cancelledAt };
  if (b.cancelReason === NO_SHOW_REASONS.traveler) return { by: 'guide', at: b.cancelledAt };
  return null;
}

/**
 * The facts the state machine decides on. `now` adds what depends on the day (decision 158: a later day's
 * no-show report); a caller that may fire `report_no_show` passes it.
 */
export const factsOf = (b: BookingRow, extra: Partial<BookingFacts> = {}, now?: Date): BookingFacts => ({
  status: b.status,
  travelerConfirmedStart: b.travelerConfirmedStart,
  guideConfirmedStart: b.guideConfirmedStart,
  travelerConfirmedExtension: b.travelerConfirmedExtension,
  extensionCount: b.extensionCount,
  completedAt: b.completedAt,
  fromOffer: b.offerId !== null,
  instantBook: b.instantBook,
  startsAt: b.startsAt,
  // Decision 155: several days are completed from the last day's start; a tour of hours as before.
  lastDayStartsAt: b.days > 1 ? lastDayStartsAt(b) : null,
  noShow: noShowOf(b),
  laterDay: now ? laterTourDay(b, now) : null,
  ...extra,
});

/**
 * From when `actor` may report the other side absent (decision 138), while the state machine would let
 * them; else null. On a later day of several days, from that day's start (decision 158).
 */
function noShowReportableFrom(b: BookingRow, actor: Actor, now: Date): string | null {
  const facts = factsOf(b, {}, now);
  const from = new Date((facts.laterDay?.startsAt ?? b.startsAt).getTime() + NO_SHOW_AFTER_MINUTES * 60_000);
  // Asked at `from`, or now once it has passed: a later day's report closes with its date.
  const refusal = nextStatus(facts, 'report_no_show', actor, { now: from > now ? from : now });
  return refusal.ok ? from.toISOString() : null;
}

/**
 * The booking's deposit, paid: succeeded, or partly refunded since by a trip change that released a
 * share of it (decision 177).
 */
export const isPaidDeposit = (p: Pick<PaymentRow, 'kind' | 'status'>): boolean =>
  p.kind === 'deposit' && (p.status === 'succeeded' || p.status === 'partially_refunded');

/**
 * The deposit the platform holds for a paid booking, in its currency (decision 164: a card may have paid
 * it in the other): the succeeded deposit, plus what applied trip changes paid or released (decision 177).
 */
export function heldDepositCents(b: Pick<BookingRow, 'depositChangeCents'>, deposit: PaymentRow | undefined): number {
  return deposit ? ownAmountOf(deposit) + b.depositChangeCents : 0;
}

/**
 * What of the deposit paid the caller's no-show report would give back to the traveler, as the report
 * charges it (`noShowSplit`): on a later day, the shares of the days not given when the guide is absent
 * (decision 158). Null while the caller cannot report.
 */
function noShowRefundCents(
  b: BookingRow,
  payments: PaymentRow[],
  actor: Actor,
  reportable: string | null,
  now: Date,
): number | null {
  if (!reportable) return null;
  const paid = heldDepositCents(b, payments.find(isPaidDeposit));
  const day = laterTourDay(b, now)?.day ?? 1;
  return noShowSplit({
    depositCents: paid,
    commissionCents: b.commissionCents,
    days: b.days,
    day,
    absent: actor === 'traveler' ? 'guide' : 'traveler',
  }).refundCents;
}

/**
 * When a paid request expires unless answered: 48 h after payment or at the start, whichever first. A
 * reschedule never moves it later (the start as booked still counts), only earlier (decision 079).
 */
export function respondBy(b: Pick<BookingRow, 'paidAt' | 'startsAt'> & { firstStartsAt?: Date | null }): Date | null {
  if (!b.paidAt) return null;
  return new Date(
    Math.min(
      b.paidAt.getTime() + REQUEST_ANSWER_HOURS * 3_600_000,
      b.startsAt.getTime(),
      (b.firstStartsAt ?? b.startsAt).getTime(),
    ),
  );
}

export const paymentDueAt = (b: Pick<BookingRow, 'createdAt'>) =>
  new Date(b.createdAt.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);

export function toPaymentSummary(p: PaymentRow): BookingPayment {
  return {
    id: p.id,
    kind: p.kind,
    method: p.method,
    provider: p.provider,
    status: p.status,
    amountCents: p.amountCents,
    refundedCents: p.refundedCents,
    currency: p.currency,
    last4: p.cardLast4,
    proofUploadedByTraveler: p.proofUploadedByTraveler,
    verifiedByGuide: p.verifiedByGuide,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toPayment(p: PaymentRow): Payment {
  return {
    ...toPaymentSummary(p),
    bookingId: p.bookingId,
    approvalUrl: p.nextAction?.approvalUrl ?? null,
    clientSecret: p.nextAction?.clientSecret ?? null,
    failureCode: p.failureCode,
    demo: p.provider === 'simulated',
  };
}

const OPEN = new Set(['requested', 'paid', 'approved']);

/** The parts of a view row that not every reader reads (a reply right after a write builds it without them). */
type ReadElsewhere = 'coveredCents' | 'guideEarnedCents' | 'writers' | 'changeRequest' | 'reseller';

/**
 * A booking's row as the view is built from it. A checkout's reply and its payment's one-statement
 * claim build it without the columns of a guide's pay and the accounts' languages: a booking not yet
 * paid has no cover, and only its traveler reads it.
 */
export type BookingViewInput = Omit<BookingViewRow, ReadElsewhere> & Partial<Pick<BookingViewRow, ReadElsewhere>>;

/**
 * What the guide receives for the tour, in the booking's currency (decision 175): the in-person part
 * (total less deposit) and what the completion posts to her (`guideNetCents`, the function the
 * completion itself posts with), or once completed what was posted; null when the tour is not
 * settled to be hers (cancelled, disputed, awaiting a replacement).
 */
export function guideNetOf(r: BookingViewInput, commissionRate: number): number | null {
  const b = r.booking;
  const inPerson = b.totalPriceCents - b.depositCents;
  if (b.status === 'completed') return r.guideEarnedCents == null ? null : inPerson + r.guideEarnedCents;
  if (!TOUR_TO_PAY.includes(b.status)) return null;
  // The deposit as the completion reads it (`heldDepositCents`).
  return guideNetCents({
    totalCents: b.totalPriceCents,
    depositCents: b.depositCents,
    paidDepositCents: heldDepositCents(b, r.payments.find(isPaidDeposit)),
    extensionsCents: r.extensions.filter((e) => e.status === 'confirmed').reduce((sum, e) => sum + e.priceCents, 0),
    coveredCents: r.coveredCents ?? 0,
    creditCents: b.creditCents,
    bookingCommissionCents: b.commissionCents,
    commissionRate,
  });
}

/**
 * The languages of the people's texts (decision 146's rule: the script, and the writer's account
 * language for Han alone): the traveler's name; the meeting place and the notes, the guide's words on
 * a booking from her offer (its terms), else the traveler's. Nothing when the accounts were not read.
 */
function languagesOf(r: BookingViewInput) {
  if (!r.writers) return { name: undefined, texts: {} };
  const b = r.booking;
  const traveler = writerTextLanguage(r.writers.traveler);
  const writer = b.offerId !== null ? writerTextLanguage(r.writers.guide) : traveler;
  return {
    name: detectTextLanguage(r.traveler.fullName, traveler),
    texts: {
      ...(b.meetingAddress && { meetingAddressLanguage: detectTextLanguage(b.meetingAddress, writer) }),
      ...(b.notes && { notesLanguage: detectTextLanguage(b.notes, writer) }),
    },
  };
}

/**
 * The API's booking as `viewer` sees it (their available actions depend on their side). `commissionRate`:
 * the settings', which the guide's net takes from confirmed extensions as the completion does.
 */
export function toBooking(r: BookingViewInput, viewerId: number, now: Date, commissionRate: number): Booking {
  const b = r.booking;
  const actor: Actor = viewerId === r.guide.userId ? 'guide' : 'traveler';
  const languages = languagesOf(r);
  const open = r.extensions.find((x) => OPEN.has(x.status));
  const counted = extensionsCounted(b, r.extensions, now);
  const facts = factsOf(b, { extensionCount: counted });
  const reportable = noShowReportableFrom(b, actor, now);
  return {
    id: b.id,
    bookingNumber: bookingNumber(b.id, b.bookingNumber),
    guideId: b.guideId,
    guide: r.guide,
    traveler: {
      id: r.traveler.id,
      fullName: r.traveler.fullName,
      profilePicture: r.traveler.profilePicture,
      ...(languages.name && { nameLanguage: languages.name }),
    },
    travelerPhone: travelerPhoneFor(r, actor, now),
    reseller: resellerOf(r.reseller),
    ...tourTimes(b, r.extensions, now),
    travelers: b.travelers,
    adults: b.adults,
    children: b.children,
    infants: b.infants,
    lines: linesOf(b, r.extensions),
    overtimeRateCents: b.overtimeRateCents,
    subcategory: r.subcategory?.id ? r.subcategory : null,
    ...priceOf(b),
    status: b.status,
    travelerConfirmedStart: b.travelerConfirmedStart,
    guideConfirmedStart: b.guideConfirmedStart,
    travelerConfirmedExtension: b.travelerConfirmedExtension,
    extensionCount: b.extensionCount,
    dayExtensionCount: counted,
    extensionPrice: b.extensionPriceCents === null ? null : toMajor(b.extensionPriceCents, b.currency),
    extensionRateCents: extensionFee(b, r.extensions, 1),
    extensionsPaidCents: extensionsPaidCents(b, r.payments),
    extension: openExtensionView(open, b, r.payments, actor),
    completedAt: b.completedAt?.toISOString() ?? null,
    payments: r.payments.map(toPaymentSummary),
    meetingAddress: b.meetingAddress,
    meetingPostalCode: b.meetingPostalCode,
    meetingLat: b.meetingLat,
    meetingLng: b.meetingLng,
    notes: b.notes,
    ...languages.texts,
    ...guideOwnNet(r, actor, commissionRate),
    paymentDueAt: b.status === 'pending' ? paymentDueAt(b).toISOString() : null,
    respondBy: answerBy(r),
    cancelledBy: b.cancelledBy,
    cancelReason: b.cancelReason,
    offerId: b.offerId,
    instantBook: b.instantBook,
    actions: humanActions(facts, actor, now, open),
    reschedulable: availableEvents(facts, actor, now).includes('reschedule'),
    reschedule: r.reschedule ? toProposal(r.reschedule, actor, b.status, now, r.writers) : null,
    changeRequest: r.changeRequest ?? null,
    weather: b.weatherWarning ?? null,
    replacement: replacementFor(r, actor),
    noShowReportableFrom: reportable,
    noShowRefundCents: noShowRefundCents(b, r.payments, actor, reportable, now),
    creditCents: b.creditCents,
    creditIssued: creditIssuedFor(r, actor),
    ...moneyView(b, r.payments),
    createdAt: b.createdAt.toISOString(),
    ...familyView(b, r.writers),
  };
}

/**
 * When the tour is: its first day and hours, each day of several (decision 154) with its extensions, and the day it is
 * on.
 */
function tourTimes(b: BookingRow, extensions: ExtensionRow[], now: Date) {
  return {
    date: b.date,
    scheduledStartTime: dayOneStartTime(b),
    timeZone: b.timeZone,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    duration: b.durationMinutes / 60,
    days: b.days,
    schedule: tourDays(b, addedMinutesByDay(extensions, b.days)).map((d) => ({
      date: d.date,
      startsAt: d.startsAt.toISOString(),
      endsAt: d.endsAt.toISOString(),
    })),
    currentDay: currentTourDay(b, now),
  } satisfies Partial<Booking>;
}

/**
 * The booking's price in its currency, and its deposit as charged in the payer's at the booking's rate (decision 164).
 */
function priceOf(b: BookingRow) {
  return {
    totalPrice: toMajor(b.totalPriceCents, b.currency),
    totalPriceCents: b.totalPriceCents,
    unitPriceCents: b.unitPriceCents,
    additionalPerPersonCents: b.additionalPerPersonCents,
    depositCents: b.depositCents,
    balanceCents: b.totalPriceCents - b.depositCents,
    currency: b.currency,
    chargeCurrency: b.chargeCurrency,
    chargeDepositCents: b.chargeDepositCents ?? b.depositCents,
    rate: b.jpyPerCny === null ? null : { jpyPerCny: trimRate(b.jpyPerCny), asOf: b.fxAsOf!, source: b.fxSource! },
  } satisfies Partial<Booking>;
}

/**
 * When the tour starts, day 1's time: a same-day replacement on day 1 of several days starts later than the other days
 * (decision 140, amended).
 */
const dayOneStartTime = (b: Pick<BookingRow, 'startsAt' | 'timeZone'>) => zonedClockTime(b.startsAt, b.timeZone);

/**
 * The traveler's verified number reaches the guide only on the trip day of a booked trip, when a lost
 * traveler must be called (decision 147); before, contact details stay masked as chat masks them (decision 050).
 */
function travelerPhoneFor(r: BookingViewInput, actor: Actor, now: Date) {
  return actor === 'guide' && inHelpWindow(r.booking, now) ? r.traveler.phone : null;
}

/** The guide's own figure: the traveler is not told what the commission leaves her (decision 175). */
function guideOwnNet(r: BookingViewInput, actor: Actor, commissionRate: number) {
  return actor === 'guide' && { guideNetCents: guideNetOf(r, commissionRate) };
}

/** A replacement guide answers by the replacement's own time (decision 137), not 48 h after the first payment. */
function answerBy(r: BookingViewInput) {
  const b = r.booking;
  return b.status !== 'confirmed'
    ? null
    : r.replacement?.status === 'requested'
      ? r.replacement.answerBy
      : (respondBy(b)?.toISOString() ?? null);
}

/**
 * A person's buttons. Only a request not yet paid can be withdrawn (a paid one is the guide's to reject, with a
 * refund).
 */
function humanActions(facts: BookingFacts, actor: Actor, now: Date, open: ExtensionRow | undefined) {
  return availableEvents(facts, actor, now).filter(
    (e) => HUMAN_EVENTS.has(e) && (e !== 'withdraw_extension' || open?.status === 'requested'),
  );
}

/** The cancelling guide's words are for the traveler, not for the guide asked to replace them. */
function replacementFor(r: BookingViewInput, actor: Actor) {
  const b = r.booking;
  return r.replacement && (b.status === 'awaiting_replacement' || b.status === 'confirmed')
    ? { ...r.replacement, reason: actor === 'traveler' ? r.replacement.reason : null }
    : null;
}

/** The traveler's own credit: the guide is not told what the platform gave. */
function creditIssuedFor(r: BookingViewInput, actor: Actor) {
  return actor === 'traveler' ? (r.creditIssued ?? null) : null;
}
