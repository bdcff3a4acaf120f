import { useRef, useState } from 'react';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { CreateBookingBody } from '../../../../shared/schemas/booking-create';
import type { CreatePaymentBody, PaymentReply } from '../../../../shared/schemas/payments';
import { ApiError } from '../../../lib/api-client';
import { useCreateBooking } from '../api/create-booking';
import { usePayDeposit } from '../api/pay-deposit';
import type { PriceLines } from '../components/price-breakdown';
import { newIdempotencyKey } from '../lib/idempotency';
import type { Refusal } from '../lib/refusal-text';
import { settlePayment, type ConfirmOutcome } from '../lib/settle-payment';
import type { DayPlanInput } from '../../../../shared/schemas/booking-family';

type RefusalFields = NonNullable<Refusal['fields']>;

/** Why the checkout stopped before a paid deposit, shown beside the Pay button. */
export type CheckoutProblem =
  | { kind: 'payment_failed'; code?: string }
  | { kind: 'slot_unavailable'; fields?: RefusalFields }
  | { kind: 'price_changed' }
  | { kind: 'expired' }
  | { kind: 'rejected'; code?: string; fields?: RefusalFields }
  | { kind: 'unsupported' }
  | { kind: 'network' };

export interface MeetingPoint {
  meetingAddress: string;
  meetingPostalCode?: string;
  /** A place chosen from the list. */
  meetingLat?: number;
  meetingLng?: number;
  notes?: string;
  /** A plan for each day of several (decision 178), typed with the meeting place. */
  dayPlans?: DayPlanInput[];
}

/**
 * The checkout's one action, Pay: creates the booking first when there is none yet (with the meeting
 * point; the server prices it), stops if the server's price differs from the preview the traveler
 * saw, then pays the deposit with an Idempotency-Key. The key is kept only for a retry of the same
 * request after a lost reply, so a retry never charges twice and a corrected card is a new payment.
 */
export function useCheckout(opts: {
  booking?: Booking;
  draft?: Omit<CreateBookingBody, 'meetingAddress' | 'meetingPostalCode' | 'notes'>;
  /** Booking a guide's offer: the server takes every field and the price from it (decision 078). */
  offerId?: number;
  preview?: PriceLines;
  onCreated: (booking: Booking) => void;
  onPaid: (booking: Booking) => void;
  onApproval: (url: string) => void;
  onPaymentFailed: () => void;
  /** A provider that finishes in the browser (stripe, decision 042): called when the reply carries a client secret. */
  confirm?: (reply: PaymentReply) => Promise<ConfirmOutcome>;
}) {
  const create = useCreateBooking();
  const pay = usePayDeposit();
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const created = useRef<Booking | undefined>(undefined);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (meeting: MeetingPoint, payment: CreatePaymentBody) => {
    setBusy(true);
    setProblem(null);
    try {
      let booking = opts.booking ?? created.current;
      if (!booking) {
        if (!opts.draft && !opts.offerId) return;
        try {
          // An offer is booked in the currency its price was shown in, as a draft is (decision 169).
          booking = await create.mutateAsync(
            opts.offerId
              ? { offerId: opts.offerId, chargeCurrency: opts.preview?.currency ?? 'CNY' }
              : { ...opts.draft!, ...meeting },
          );
        } catch (err) {
          // The refusal's fields name the day and what is in the way (decision 176).
          if (err instanceof ApiError && err.code === 'slot_unavailable')
            setProblem({ kind: 'slot_unavailable', fields: err.body?.fields });
          else if (err instanceof ApiError && err.status < 500)
            setProblem({ kind: 'rejected', code: err.code, fields: err.body?.fields });
          else setProblem({ kind: 'network' });
          return;
        }
        created.current = booking;
        opts.onCreated(booking);
        const p = opts.preview;
        // The guide's own figures, and the deposit in the currency it is shown in (decision 168).
        const changed =
          p &&
          (p.own
            ? booking.totalPriceCents !== p.own.totalCents || booking.chargeDepositCents !== p.depositCents
            : booking.totalPriceCents !== p.totalCents || booking.depositCents !== p.depositCents);
        if (changed) {
          setProblem({ kind: 'price_changed' });
          return;
        }
      }
      const body = JSON.stringify(payment);
      if (!attempt.current || attempt.current.body !== body) attempt.current = { key: newIdempotencyKey(), body };
      let reply;
      try {
        reply = await pay.mutateAsync({ bookingId: booking.id, body: payment, idempotencyKey: attempt.current.key });
      } catch (err) {
        if (!(err instanceof ApiError) || err.status >= 500) {
          setProblem({ kind: 'network' });
          return;
        }
        attempt.current = null;
        if (err.code === 'payment_failed') {
          setProblem({ kind: 'payment_failed', code: err.body?.fields?.[0]?.message });
          opts.onPaymentFailed();
        } else if (err.code === 'already_paid') opts.onPaid(booking);
        else if (err.code === 'invalid_transition') setProblem({ kind: 'expired' });
        else setProblem({ kind: 'rejected', code: err.code });
        return;
      }
      attempt.current = null;
      const next = await settlePayment(reply, opts.confirm);
      if (next.kind === 'paid') opts.onPaid(reply.booking);
      else if (next.kind === 'failed') {
        setProblem({ kind: 'payment_failed', code: next.code });
        opts.onPaymentFailed();
      } else if (next.kind === 'network') setProblem({ kind: 'network' });
      else if (next.kind === 'approval') opts.onApproval(next.url);
      else if (next.kind === 'unsupported') setProblem({ kind: 'unsupported' });
    } finally {
      setBusy(false);
    }
  };

  return { pay: run, busy, problem, clearProblem: () => setProblem(null) };
}
