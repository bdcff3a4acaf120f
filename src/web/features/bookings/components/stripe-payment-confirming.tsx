import { AlertCircle } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PAYMENT_POLL_MS } from '../lib/stripe-client';

/** How long /payment-success waits for Stripe's webhook before it says so. */
export const CONFIRM_WAIT_MS = 120_000;

/**
 * A deposit Stripe has (or may have) taken whose webhook has not landed: the booking is still
 * pending and its Stripe deposit is pending. Only Stripe payments wait here; the demo provider's
 * flow is unchanged.
 */
export function awaitingStripe(b: Booking): boolean {
  return (
    b.status === 'pending' &&
    b.payments.some(
      (p) => p.kind === 'deposit' && p.provider === 'stripe' && (p.status === 'pending' || p.status === 'processing'),
    )
  );
}

/**
 * /payment-success while Stripe's webhook is on its way (after Stripe.js confirmed a card, or on the
 * return from Alipay's page): polls the booking until it is confirmed. Alipay's return carries
 * `redirect_status=failed` when the payment was not approved: then 'Payment Failed' with the support
 * prefill, as at checkout. An extension's payment waits here the same way (its `back` leads to the trip).
 */
export function StripePaymentConfirming({
  booking,
  redirectFailed,
  onPoll,
  onContactSupport,
  back,
}: {
  booking: Booking;
  redirectFailed: boolean;
  onPoll: () => void;
  onContactSupport: () => void;
  /** Where to go instead of paying on: Continue Payment at checkout for a deposit, the trip for an extension. */
  back?: { to: string; label: string };
}) {
  const { t } = useTranslation(['payments', 'bookings', 'trips']);
  const [slow, setSlow] = useState(false);
  const poll = useEffectEvent(onPoll);

  useEffect(() => {
    if (redirectFailed) return;
    const timer = setInterval(() => poll(), PAYMENT_POLL_MS);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      setSlow(true);
    }, CONFIRM_WAIT_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(giveUp);
    };
  }, [redirectFailed]);

  const continuePayment = (
    <ButtonLink to={back?.to ?? `/checkout?booking=${booking.id}`} variant="accent">
      {back?.label ?? t('trips:actions.continuePayment')}
    </ButtonLink>
  );
  if (redirectFailed) {
    return (
      <Message
        alert
        icon={<AlertCircle className="h-10 w-10 text-danger-600" aria-hidden />}
        title={t('bookings:toasts.paymentFailed')}
        description={t('bookings:toasts.paymentFailedBody')}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            {continuePayment}
            <Button variant="outline" onClick={onContactSupport}>
              {t('bookings:contactSupport')}
            </Button>
          </div>
        }
      />
    );
  }
  if (slow)
    return <Message title={t('confirming.title')} description={t('confirming.slow')} action={continuePayment} />;
  return (
    <Message
      icon={
        <span
          className="h-10 w-10 animate-spin rounded-full border-4 border-primary-200 border-t-primary-600"
          aria-hidden
        />
      }
      title={t('confirming.title')}
      description={<span role="status">{t('confirming.body')}</span>}
    />
  );
}

function Message({
  title,
  description,
  icon,
  action,
  alert,
}: {
  title: string;
  description: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  alert?: boolean;
}) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
    >
      {icon}
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">{description}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
