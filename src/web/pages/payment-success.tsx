import { CheckCircle2, Clock3, Receipt } from 'lucide-react';
import { formatMoney } from '../../shared/money-format';
import { useTranslation } from 'react-i18next';
import { travelerBookingPath } from '../../shared/booking/links';
import type { Booking, BookingPayment } from '../../shared/schemas/bookings';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import {
  useBooking,
  PriceBreakdown,
  awaitingStripe,
  StripePaymentConfirming,
  TourSummary,
  tourOfBooking,
  bookingCharge,
  bookingPriceLines,
} from '../features/bookings';
import { formatDeadline } from '../lib/format';
import { openSupport } from '../features/support';
import { currentLocale } from '../lib/i18n';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /payment-success?booking={id}: the deposit is paid; what happens next, and the rest paid in person.
 * With Stripe the page may open before the webhook has landed: it then waits for it (decision 042).
 * /payment-success?booking={id}&payment={paymentId} of an extension's payment (the return from Alipay,
 * or the demo approval page) says the extension is paid and leads back to the trip (decision 042,
 * 'Extensions'); a trip change's payment likewise (decision 177).
 */
export function Component() {
  const { t } = useTranslation(['bookings', 'trips', 'receipts']);
  useDocumentTitle(t('success.title'));
  const locale = currentLocale();
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const bookingId = Number(params.get('booking')) || undefined;
  const paymentId = Number(params.get('payment')) || undefined;
  // The payment's result is read from the server, never from a booking cached before it was paid: a
  // cached "pending" would say the deposit is not paid (e2e/wallet-attempts.spec.ts).
  const booking = useBooking(bookingId, { enabled: !!session, fresh: true });

  if (!session) return <Navigate to={withRedirect('/login', location.pathname + location.search)} replace />;
  if (!bookingId)
    return (
      <PageMessage
        title={t('checkout.notFound')}
        action={<ButtonLink to="/dashboard">{t('checkout.toTrips')}</ButtonLink>}
      />
    );
  if (booking.isError) return <LoadFailed onRetry={() => void booking.refetch()} />;
  if (!booking.data || !booking.isFetchedAfterMount) return <Spinner />;
  const b = booking.data;
  const extension = paymentId ? b.payments.find((p) => p.id === paymentId && p.kind === 'extension') : undefined;
  const change = paymentId ? b.payments.find((p) => p.id === paymentId && p.kind === 'change') : undefined;
  if (change)
    return (
      <ChangePaid
        booking={b}
        payment={change}
        redirectFailed={params.get('redirect_status') === 'failed'}
        onPoll={() => void booking.refetch()}
      />
    );
  if (extension) {
    return (
      <ExtensionPaid
        booking={b}
        payment={extension}
        redirectFailed={params.get('redirect_status') === 'failed'}
        onPoll={() => void booking.refetch()}
      />
    );
  }
  const deposit = b.payments.find(
    (p) =>
      p.kind === 'deposit' &&
      (p.status === 'succeeded' || p.status === 'refunded' || p.status === 'partially_refunded'),
  );

  if (awaitingStripe(b)) {
    return (
      <StripePaymentConfirming
        booking={b}
        redirectFailed={params.get('redirect_status') === 'failed'}
        onPoll={() => void booking.refetch()}
        onContactSupport={() => void openSupport('payment_failure')}
      />
    );
  }
  if (b.status === 'pending' || !deposit) {
    return (
      <PageMessage
        title={t('success.notYet')}
        action={
          b.status === 'pending' ? (
            <ButtonLink to={`/checkout?booking=${b.id}`} variant="accent">
              {t('trips:actions.continuePayment')}
            </ButtonLink>
          ) : (
            <ButtonLink to={travelerBookingPath(b.id)}>{t('checkout.toTrips')}</ButtonLink>
          )
        }
      />
    );
  }
  // A deadline is dated and on the tour's clock, like the tour it belongs to (formatDeadline).
  const respondBy = b.respondBy ? formatDeadline(b.respondBy, locale, b.timeZone, t('japanTime')) : null;
  const method =
    deposit.method === 'card' && deposit.last4
      ? t('success.paidCard', { last4: deposit.last4 })
      : t(`success.paidWith.${deposit.method}`);
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8">
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 className="h-14 w-14 text-success-600" aria-hidden />
        <h1 className="mt-3 text-3xl font-bold tracking-tight">{t('success.heading')}</h1>
        <p className="mt-2 max-w-xl text-stone-600 dark:text-stone-400">
          {t('success.bodyPrice', {
            price: formatMoney(deposit.amountCents, deposit.currency, locale),
            number: b.bookingNumber,
          })}
        </p>
        <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
          {method}
          {deposit.provider === 'simulated' && <> · {t('success.demo')}</>}
        </p>
      </div>
      {b.status === 'confirmed' && respondBy && (
        <p className="mt-6 flex items-start gap-2 rounded-lg bg-primary-50 px-4 py-3 text-sm text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">
          <Clock3 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {t('success.waiting', { guide: b.guide.fullName, ...respondBy })}
        </p>
      )}
      <div className="mt-6 grid gap-6 rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft sm:grid-cols-[1fr_16rem] sm:p-6 dark:border-stone-800 dark:bg-stone-900">
        <TourSummary tour={tourOfBooking(b)} />
        <PriceBreakdown price={bookingPriceLines(b)} paid />
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to={travelerBookingPath(b.id)} variant="primary" size="lg">
          {t('success.toTrips')}
        </ButtonLink>
        <ReceiptsButton bookingId={b.id} />
        <ButtonLink to="/search" variant="outline" size="lg">
          {t('success.more')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * An extension's payment: waiting for the provider, failed, or paid (then the guide approves it), in
 * what it was charged in (decision 164). It is the open extension's when it charged what that fee
 * charges with its method (`bookingCharge`, the server's rule), whatever the currency.
 */
function ExtensionPaid({
  booking: b,
  payment,
  redirectFailed,
  onPoll,
}: {
  booking: Booking;
  payment: BookingPayment;
  redirectFailed: boolean;
  onPoll: () => void;
}) {
  const { t } = useTranslation(['payments', 'bookings', 'tour', 'receipts']);
  const back = { to: travelerBookingPath(b.id), label: t('extension.back') };
  const failed = redirectFailed || payment.status === 'failed';
  if (failed || payment.status === 'pending' || payment.status === 'processing') {
    return (
      <StripePaymentConfirming
        booking={b}
        redirectFailed={failed}
        onPoll={onPoll}
        onContactSupport={() => void openSupport('payment_failure')}
        back={back}
      />
    );
  }
  const open =
    b.extension && payment.method !== 'cash' ? bookingCharge(b, b.extension.priceCents, payment.method) : null;
  const forOpen = !!open && open.amountCents === payment.amountCents && open.currency === payment.currency;
  const hours = forOpen ? b.extension!.hours : null;
  const values = {
    amount: formatMoney(payment.amountCents, payment.currency, currentLocale()),
    guide: b.guide.fullName,
    number: b.bookingNumber,
    hours: hours === null ? '' : t(`tour:request.options.${hours}`, { defaultValue: String(hours) }),
  };
  const method =
    payment.method === 'card' && payment.last4
      ? t('bookings:success.paidCard', { last4: payment.last4 })
      : t(`bookings:success.paidWith.${payment.method}`);
  return (
    <div className="mx-auto max-w-xl px-4 pb-16 pt-8">
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 className="h-14 w-14 text-success-600" aria-hidden />
        <h1 className="mt-3 text-3xl font-bold tracking-tight">{t('extension.heading')}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">
          {t(hours === null ? 'extension.body' : 'extension.bodyHours', values)}
        </p>
        <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
          {method}
          {payment.provider === 'simulated' && <> · {t('bookings:success.demo')}</>}
        </p>
      </div>
      {forOpen && b.extension?.status === 'paid' && (
        <p className="mt-6 flex items-start gap-2 rounded-lg bg-primary-50 px-4 py-3 text-sm text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">
          <Clock3 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {t('extension.next', { guide: b.guide.fullName })}
        </p>
      )}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to={back.to} variant="primary" size="lg">
          {back.label}
        </ButtonLink>
        <ReceiptsButton bookingId={b.id} />
      </div>
    </div>
  );
}

/**
 * A trip change's difference (decision 177): waiting for the provider, failed, or paid; whether the
 * change is made or waits for the guide shows on the trip card, where the page leads back.
 */
function ChangePaid({
  booking: b,
  payment,
  redirectFailed,
  onPoll,
}: {
  booking: Booking;
  payment: BookingPayment;
  redirectFailed: boolean;
  onPoll: () => void;
}) {
  const { t } = useTranslation(['payments', 'bookings', 'receipts']);
  const back = { to: travelerBookingPath(b.id), label: t('change.back') };
  const failed = redirectFailed || payment.status === 'failed';
  if (failed || payment.status === 'pending' || payment.status === 'processing') {
    return (
      <StripePaymentConfirming
        booking={b}
        redirectFailed={failed}
        onPoll={onPoll}
        onContactSupport={() => void openSupport('payment_failure')}
        back={back}
      />
    );
  }
  const method =
    payment.method === 'card' && payment.last4
      ? t('bookings:success.paidCard', { last4: payment.last4 })
      : t(`bookings:success.paidWith.${payment.method}`);
  return (
    <div className="mx-auto max-w-xl px-4 pb-16 pt-8">
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 className="h-14 w-14 text-success-600" aria-hidden />
        <h1 className="mt-3 text-3xl font-bold tracking-tight">{t('change.heading')}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">
          {t('change.body', {
            amount: formatMoney(payment.amountCents, payment.currency, currentLocale()),
            guide: b.guide.fullName,
            number: b.bookingNumber,
          })}
        </p>
        <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
          {method}
          {payment.provider === 'simulated' && <> · {t('bookings:success.demo')}</>}
        </p>
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to={back.to} variant="primary" size="lg">
          {back.label}
        </ButtonLink>
        <ReceiptsButton bookingId={b.id} />
      </div>
    </div>
  );
}

/** The paid booking's receipts (decision 125): the payment just made has one from the moment it succeeded. */
function ReceiptsButton({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation('receipts');
  return (
    <ButtonLink to={`/booking/${bookingId}/receipts`} variant="outline" size="lg">
      <Receipt className="h-4 w-4" aria-hidden />
      {t('view')}
    </ButtonLink>
  );
}
