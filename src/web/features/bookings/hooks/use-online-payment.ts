import { useEffect, useEffectEvent, useState } from 'react';
import {
  createPaymentBodySchema,
  type CreatePaymentBody,
  type PaymentReply,
} from '../../../../shared/schemas/payments';
import { type Booking, type BookingPayment } from '../../../../shared/schemas/bookings';
import { currentLocale } from '../../../lib/i18n';
import { getBooking } from '../api/get-booking';
import { usePaymentConfig } from '../api/get-payment-config';
import { emptyPayment, paymentBody, type PaymentValues } from '../components/payment-fields';
import { stripePaymentBody, type StripePaymentHandle } from '../components/stripe-payment-fields';
import { newIdempotencyKey } from '../lib/idempotency';
import { settlePayment } from '../lib/settle-payment';
import { PAYMENT_POLL_MS } from '../lib/stripe-client';
import { useApprovalPage } from '../lib/use-approval-page';

/** What a paid payment is read by: the reply's payment, or the booking's once the webhook landed. */
export type PaidPayment = Pick<BookingPayment, 'id' | 'status' | 'amountCents' | 'currency' | 'last4'>;

interface Options {
  booking: Pick<Booking, 'id'>;
  kind: CreatePaymentBody['kind'];
  /** Sends the payment: the feature's own call to POST /api/v2/bookings/{id}/payments with the key. */
  pay: (body: CreatePaymentBody, idempotencyKey: string) => Promise<PaymentReply>;
  /** The payment succeeded: at once, after Stripe's confirm and its webhook, or by WeChat Pay's QR code. */
  onPaid: (payment: PaidPayment) => void;
  /** The provider declined it (the next try is a new payment). */
  onFailed: () => void;
  /** The server refused the payment, or its reply could not be followed; the next try is a new payment. */
  onError: (err: unknown) => void;
}

/**
 * One online payment of a booking after its deposit — an extension's fee, a trip change's difference
 * (decision 177) — as the checkout pays: the form's values with the reader's first method, the body for
 * the provider in use (decision 042: with Stripe a card goes through Stripe Elements), an Idempotency-Key
 * kept for a retry of the same request and renewed after a failure, then what follows the server's reply
 * (`settlePayment`): paid, the wallet's approval page in this tab (decision 104), Stripe's confirm and a
 * wait for its webhook (the booking is polled for the payment).
 */
export function useOnlinePayment({ booking, kind, pay, onPaid, onFailed, onError }: Options) {
  const config = usePaymentConfig();
  const stripeKey = config.data?.publishableKey ?? null;
  const [values, setValues] = useState<PaymentValues>(() => emptyPayment(currentLocale()));
  const [key, setKey] = useState(newIdempotencyKey);
  const [sending, setSending] = useState(false);
  /** Stripe took the card; the payment succeeds on the server once Stripe's webhook lands. */
  const [confirming, setConfirming] = useState<PaidPayment | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  // State, not refs, so that what the hook returns can be read while rendering (the form reads it).
  const [stripe, setStripe] = useState<StripePaymentHandle | null>(null);
  const [lastPayment, setLastPayment] = useState<PaidPayment | null>(null);
  const toApproval = useApprovalPage();

  const body = stripeKey ? stripePaymentBody(values, kind) : { ...paymentBody(values), kind };
  const complete =
    createPaymentBodySchema.safeParse(body).success &&
    (!stripeKey || values.method !== 'card' || (cardComplete && !!values.cardHolder.trim()));

  const reset = () => {
    setValues(emptyPayment(currentLocale()));
    setKey(newIdempotencyKey());
    setConfirming(null);
    setLastPayment(null);
  };

  const failed = () => {
    // A failed attempt is final for its key: the next try is a new payment.
    setKey(newIdempotencyKey());
    setConfirming(null);
    onFailed();
  };

  const submit = async () => {
    setSending(true);
    try {
      const reply = await pay(body, key);
      setLastPayment(reply.payment);
      const next = await settlePayment(reply, stripeKey && stripe ? (r) => stripe.confirm(r) : undefined);
      if (next.kind === 'paid') {
        if (reply.payment.status === 'succeeded') onPaid(reply.payment);
        else setConfirming(reply.payment);
      } else if (next.kind === 'approval') toApproval(next.url);
      else if (next.kind === 'failed') failed();
      else if (next.kind === 'network' || next.kind === 'unsupported') {
        setKey(newIdempotencyKey());
        onError(null);
      }
      // 'handled': the wallet's page took over (Alipay with Stripe), or WeChat Pay's QR code sheet is open.
    } catch (err) {
      setKey(newIdempotencyKey());
      onError(err);
    } finally {
      setSending(false);
    }
  };

  // Stripe confirmed the card: wait for the webhook (the booking is polled), then the payment is paid or failed.
  const settled = useEffectEvent((p: PaidPayment) => (p.status === 'succeeded' ? onPaid(p) : failed()));
  const confirmingId = confirming?.id;
  useEffect(() => {
    if (!confirmingId) return;
    let stopped = false;
    const timer = setInterval(() => {
      getBooking(booking.id).then(
        (fresh) => {
          const p = fresh.payments.find((x) => x.id === confirmingId);
          if (stopped || !p || (p.status !== 'succeeded' && p.status !== 'failed')) return;
          stopped = true;
          clearInterval(timer);
          settled(p);
        },
        () => {},
      );
    }, PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [booking.id, confirmingId]);

  return {
    values,
    setValues,
    /** With Stripe: its publishable key (the form is StripePaymentFields), else null (the demo form). */
    stripeKey,
    demo: config.data?.demo ?? true,
    /** StripePaymentFields' handle (its `ref`), which confirms what the server started. */
    setStripe,
    setCardComplete,
    complete,
    sending,
    confirming,
    submit,
    /** WeChat Pay's QR code was paid: the payment the server answered last is done. */
    wechatPaid: () => lastPayment && onPaid(lastPayment),
    failed,
    reset,
  };
}

export type OnlinePayment = ReturnType<typeof useOnlinePayment>;
