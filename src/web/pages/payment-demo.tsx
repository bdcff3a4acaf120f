import { FlaskConical, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { chargeCurrencyOf } from '../../shared/booking/charge';
import { paymentReturnPath, travelerBookingPath } from '../../shared/booking/links';
import { isCurrency } from '../../shared/currency';
import { formatMoney } from '../../shared/money-format';
import { Button, ButtonLink } from '../components/ui/button';
import { PageMessage } from '../components/ui/page-message';
import { useApproveDemoPayment, getBooking, useBooking, DemoQr } from '../features/bookings';
import { currentLocale } from '../lib/i18n';
import { ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { depositPaid, showPaidToast } from '../lib/paid-toast';
import { showToast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';

const BRAND = {
  alipay: 'bg-[#0b5ed7] text-white',
  wechat: 'bg-[#067a3c] text-white',
} as const;

/**
 * /payment-demo?ref&method&amount&booking&signature: the simulated provider's approval page for
 * Alipay and WeChat Pay (decision 040). Approving posts the signed event to the same webhook a real
 * provider calls; the booking then shows as paid and the traveler comes back by themselves, in this
 * same tab, to the payment's /payment-success (with `&payment=` for a payment of its own on a paid
 * booking — an extension's, a trip change's (decision 177) — whose approval link names it: decisions 042
 * and 104). The amount is in the payment's currency: the one the
 * link names, else the booking's record of the payment, else what the wallet charges (yuan, decision 164).
 */
export function Component() {
  const { t } = useTranslation(['bookings', 'payments']);
  useDocumentTitle(t('demo.title'));
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ref = params.get('ref') ?? '';
  const signature = params.get('signature') ?? '';
  const method = params.get('method') === 'wechat' ? 'wechat' : 'alipay';
  const cents = Number(params.get('amount'));
  const bookingId = Number(params.get('booking')) || undefined;
  const paymentId = Number(params.get('payment')) || undefined;
  const booking = useBooking(bookingId, { enabled: !!session });
  const approve = useApproveDemoPayment();
  const [stuck, setStuck] = useState(false);
  // A newer payment of the booking cancelled this one at the provider (decision 100): nothing to approve.
  const [replaced, setReplaced] = useState(false);
  // On a phone there is nothing to scan with: Alipay is the app the traveler was handed over to
  // (Stripe's alipay_handle_redirect), and WeChat Pay says how to pay from this same phone.
  const phone = useMediaQuery(PHONE_QUERY);

  if (!session) return <Navigate to={withRedirect('/login', location.pathname + location.search)} replace />;
  if (!ref || !signature || !bookingId || !Number.isInteger(cents) || cents <= 0) {
    return (
      <PageMessage
        title={t('demo.invalid')}
        action={<ButtonLink to="/dashboard">{t('checkout.toTrips')}</ButtonLink>}
      />
    );
  }
  const b = booking.data;
  // An extension or a trip change is paid on a booking already paid: it is "already paid" by its own
  // payment, not by the booking's status.
  const ownPayment = (x: typeof b) =>
    paymentId
      ? x?.payments.find((p) => p.id === paymentId && (p.kind === 'extension' || p.kind === 'change'))
      : undefined;
  const own = ownPayment(b);
  const ownPaid = (x: typeof b) => {
    const p = ownPayment(x);
    return !!p && p.status !== 'pending' && p.status !== 'processing' && p.status !== 'failed';
  };
  const alreadyPaid = own ? ownPaid(b) : b && b.status !== 'pending';
  const named = params.get('currency');
  const currency = isCurrency(named)
    ? named
    : (b?.payments.find((p) => p.id === paymentId)?.currency ?? chargeCurrencyOf(method, b?.chargeCurrency ?? 'CNY'));
  const returnPath = (x: typeof b) => paymentReturnPath(bookingId, ownPayment(x) ? paymentId : undefined);
  const successPath = returnPath(b);

  const onApprove = async () => {
    setStuck(false);
    try {
      await approve.mutateAsync({ ref, signature });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'payment_canceled') setReplaced(true);
      else
        showToast({ title: t('toasts.paymentFailed'), description: t('demo.approveFailed'), variant: 'destructive' });
      return;
    }
    // The webhook is processed before it answers; one read confirms the booking moved on (and, however
    // quickly Approve was pressed, whether this was an extension's or a change's payment).
    const fresh = await getBooking(bookingId).catch(() => undefined);
    const paidOwn = ownPayment(fresh);
    if (fresh && (paidOwn ? ownPaid(fresh) : fresh.status !== 'pending')) {
      void showPaidToast(paidOwn ? (paidOwn.kind === 'change' ? 'change' : 'extension') : depositPaid(fresh));
      void navigate(returnPath(fresh), { replace: true });
    } else setStuck(true);
  };

  const methodName = t(`payment.methods.${method}`);
  return (
    <div className="mx-auto max-w-md px-4 pb-16 pt-8">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
        <FlaskConical className="h-3.5 w-3.5" aria-hidden />
        {t('demo.badge')}
      </p>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{t('demo.heading', { method: methodName })}</h1>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('demo.explain', { method: methodName })}</p>
      <section
        aria-label={methodName}
        className="mt-6 overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-white shadow-soft dark:border-stone-800 dark:bg-stone-900"
      >
        <div className={cn('flex items-center justify-between px-5 py-3', BRAND[method])}>
          <span className="font-semibold">{methodName}</span>
          <span className="text-sm">{t('demo.merchant')}</span>
        </div>
        <div className="flex flex-col items-center px-5 py-6 text-center">
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('demo.amountLabel')}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums">{formatMoney(cents, currency, currentLocale())}</p>
          {b && (
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              {t('demo.forBooking', { number: b.bookingNumber, guide: b.guide.fullName })}
            </p>
          )}
          {phone && method === 'alipay' ? (
            <p
              className="mt-5 flex items-start gap-1.5 text-left text-sm text-stone-700 dark:text-stone-300"
              data-testid="wallet-app"
            >
              <Smartphone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {t('demo.inApp', { method: methodName })}
            </p>
          ) : (
            <>
              <div className="mt-5 rounded-xl border border-stone-200 p-2 dark:border-stone-700">
                <DemoQr seed={ref} label={t('demo.qrLabel')} className="h-48 w-48" />
              </div>
              {phone ? (
                <div
                  className="mt-3 text-left text-sm text-stone-700 dark:text-stone-300"
                  data-testid="wechat-phone-steps"
                >
                  <p className="font-medium">{t('demo.samePhone')}</p>
                  <ol className="mt-1 list-decimal space-y-0.5 ps-5">
                    <li>{t('demo.samePhoneSave')}</li>
                    <li>{t('demo.samePhoneOther')}</li>
                  </ol>
                </div>
              ) : (
                <p className="mt-3 flex items-center gap-1.5 text-xs text-stone-500 dark:text-stone-400">
                  <Smartphone className="h-3.5 w-3.5" aria-hidden />
                  {t('demo.scanHint', { method: methodName })}
                </p>
              )}
            </>
          )}
        </div>
      </section>
      {alreadyPaid ? (
        <div
          role="status"
          className="mt-6 rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900 dark:bg-green-900/30 dark:text-green-100"
        >
          <p>
            {own
              ? t(own.kind === 'change' ? 'payments:change.heading' : 'payments:extension.heading')
              : t('checkout.alreadyPaid')}
          </p>
          <Link to={successPath} className="mt-1 inline-block font-medium underline">
            {t('checkout.viewBooking')}
          </Link>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <Button
            variant="primary"
            size="lg"
            className="sm:flex-1"
            busy={approve.isPending}
            onClick={() => void onApprove()}
          >
            {approve.isPending ? t('payment.processing') : t('demo.approve')}
          </Button>
          <ButtonLink
            to={own ? travelerBookingPath(bookingId) : `/checkout?booking=${bookingId}`}
            variant="outline"
            size="lg"
            className="sm:flex-1"
          >
            {own ? t(own.kind === 'change' ? 'payments:change.back' : 'payments:extension.back') : t('demo.back')}
          </ButtonLink>
        </div>
      )}
      {replaced && (
        <p role="alert" className="mt-4 text-sm text-danger-600 dark:text-red-400">
          {t('demo.replaced')}
        </p>
      )}
      {stuck && (
        <p role="alert" className="mt-4 text-sm text-danger-600 dark:text-red-400">
          {t('demo.stuck')}
        </p>
      )}
      <p className="mt-6 text-xs text-stone-500 dark:text-stone-400">{t('demo.noMoney')}</p>
    </div>
  );
}
