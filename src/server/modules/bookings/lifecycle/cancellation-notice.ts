// Who ended a booking unstarted and why, and the one notice of it: what BookingCancellation.end tells, not decides.
import type { Currency } from '../../../../shared/currency';
import type { Actor } from '../../../../shared/booking/state-machine';
import type { AuthUser } from '../../auth/index';
import { NO_SHOW_REASONS } from '../booking/booking-view';
import type { Credit, Ctx } from './cancellation-refunds';
import type { ReplacementRow } from '../trouble/replacement.repository';

/** The events that end a booking unstarted (the state machine's names). */
type EndEvent = 'cancel' | 'decline' | 'payment_expired' | 'request_expired' | 'replacement_lapsed' | 'report_no_show';

/**
 * What a case hands the shared ending: the event, who acted, their words, and whether a replacement guide was asked.
 */
export interface End {
  event: EndEvent;
  actor: Actor;
  reason?: string;
  /** An admin acting for the guide: audited, and the guide told. */
  admin?: AuthUser;
  /** A replacement guide asked and not yet answered (decision 137): the cancelling guide's booking still. */
  replacing: boolean;
}

/**
 * Who ended the booking and why, as the booking records it. `closed`: the replacement choice this
 * ending refunds (decision 137), if there was one.
 */
export interface EndedBy {
  absent: 'guide' | 'traveler' | null;
  cancelledBy: 'traveler' | 'guide' | 'system';
  cancelReason: string;
  guideEnded: boolean;
}

export function endedBy(e: End, closed: ReplacementRow | undefined): EndedBy {
  // The side reported absent, if this ends a no-show: the report itself, or a same-day choice after the
  // guide's no-show that ends in the refund (decision 140), contestable like the report.
  const absent: EndedBy['absent'] =
    e.event === 'report_no_show' ? (e.actor === 'traveler' ? 'guide' : 'traveler') : closed?.sameDay ? 'guide' : null;
  // An admin's cancellation is made on the guide's behalf, and counts as theirs.
  const cancelledBy: EndedBy['cancelledBy'] =
    absent ??
    (closed
      ? 'guide'
      : e.actor === 'system'
        ? 'system'
        : e.actor === 'guide' || e.actor === 'admin'
          ? 'guide'
          : 'traveler');
  const cancelReason = absent ? NO_SHOW_REASONS[absent] : closed ? (closed.reason ?? 'cancel') : (e.reason ?? e.event);
  // Decision 139: a paid booking the guide ended (their cancellation, however it was finished, or their
  // absence) gives the traveler a credit for the next one, with the refund.
  const guideEnded =
    Boolean(closed) || absent === 'guide' || (e.event === 'cancel' && (e.actor === 'guide' || e.actor === 'admin'));
  return { absent, cancelledBy, cancelReason, guideEnded };
}

/** The one notice of the ending, read by the notification centre after the commit (decision 085). */
export async function tell(
  ctx: Ctx,
  e: End,
  who: EndedBy,
  closed: ReplacementRow | undefined,
  refund: { amountCents: number; currency: Currency },
  credit: Credit | undefined,
  day?: { day: number; days: number },
): Promise<void> {
  const { publish, booking } = ctx;
  const base = {
    bookingId: booking.id,
    travelerId: booking.travelerId,
    guideUserId: ctx.guideUserId,
    refundCents: refund.amountCents,
    currency: refund.currency,
    ...credit,
  };
  if (e.event === 'decline') await publish('booking.declined', { ...base, reason: e.reason ?? '' });
  else if (e.event === 'report_no_show' || who.absent) {
    await publish('booking.no_show_reported', {
      ...base,
      by: who.absent === 'guide' ? 'traveler' : 'guide',
      note: e.event === 'report_no_show' ? (e.reason ?? null) : (closed?.reason ?? null),
      ...day,
    });
  } else if (closed)
    await publish('booking.cancelled', { ...base, by: 'guide', reason: 'cancel', note: closed.reason });
  else
    await publish('booking.cancelled', {
      ...base,
      by: who.cancelledBy,
      reason: e.event === 'replacement_lapsed' ? 'cancel' : e.event,
      note: e.event === 'cancel' ? (e.reason ?? null) : null,
    });
}
