import { Wallet } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chargeCurrencyOf } from '../../../../shared/booking/charge';
import { MAX_EXTENSIONS } from '../../../../shared/booking/state-machine';
import { toMajor } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import {
  DEFAULT_EXTENSION_HOURS,
  EXTENSION_HOUR_OPTIONS,
  type ExtensionHours,
} from '../../../../shared/booking/money-rules';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { showPaidToast } from '../../../lib/paid-toast';
import { showToast } from '../../../lib/toast';
import { useMarkExtensionPaid, usePayExtension, useRequestExtension } from '../api/tour';
import { localName } from '../../../lib/format';
import { bookingCharge } from '../lib/price';
import { useApprovalPage } from '../lib/use-approval-page';
import { extensionReviewFacts, OrderReview } from './order-review';
import { useOnlinePayment, type PaidPayment } from '../hooks/use-online-payment';
import { OnlinePaymentFields } from './online-payment-fields';
import { Sheet } from '../../../components/ui/sheet';

export type ExtensionStep = 'closed' | 'request' | 'payment';
interface Details {
  hours: number;
  priceCents: number;
}

/**
 * The traveler's extension (docs/rules/booking-lifecycle.md, docs/rules/money-and-cancellation.md): 'Request Tour
 * Extension' (0.25, 0.5, 1 or 2 h, default 1; base rate, time and fee; Current Extensions N/2), then 'Tour Extension
 * Payment' (hours, the fee, card / Alipay / WeChat Pay, 'Pay {price}'). The request is sent when the
 * traveler pays, not before (a closed payment dialog leaves nothing behind), and the
 * server's fee is what is paid; the payment goes through the deposit's provider with an
 * Idempotency-Key, then is marked on the booking. Cancelling either dialog resets the time to 1 hour
 * and clears the details and the payment form. A request left unpaid can be withdrawn on the card,
 * and lapses by itself when its payment window closes.
 *
 * Alipay and WeChat Pay hand over to the wallet's approval page exactly as the checkout does, in this
 * same tab, and come back by themselves to the extension's /payment-success (decision 104). Opened
 * again while that payment waits for approval, the sheet resumes it (`extension.openPayment`) instead
 * of starting another; the server, too, answers a second Pay in that wallet with the same payment.
 *
 * With the stripe provider (decision 042, 'Extensions') the form is the checkout's StripePaymentFields
 * and the reply goes through the same confirm step (settlePayment): a card is `{kind: 'extension',
 * method: 'card'}` confirmed with Stripe.js and the client secret, then marked once the webhook made
 * the payment succeed; Alipay leaves for its page (back to /payment-success?booking&payment); WeChat
 * Pay shows the QR code sheet and is marked once paid.
 *
 * The fee and the rate read in the booking's currency (decision 168: an extension is the booking's);
 * Pay says what it charges with the chosen method, as the checkout's Pay does (`bookingCharge`: a card
 * in the currency the traveler saw, a wallet in yuan, decision 164).
 */
export function ExtensionDialogs({
  booking: b,
  step,
  onStep,
}: {
  booking: Booking;
  step: ExtensionStep;
  onStep: (s: ExtensionStep) => void;
}) {
  const { t } = useTranslation(['tour', 'bookings', 'payments']);
  const [hours, setHours] = useState<ExtensionHours>(DEFAULT_EXTENSION_HOURS);
  const [details, setDetails] = useState<Details | null>(null);
  /** The traveler chose to pay another way than the wallet payment waiting for their approval. */
  const [payOther, setPayOther] = useState(false);
  /** The request this dialog sent (its payment may fail and be tried again without asking twice). */
  const requested = useRef(false);
  const request = useRequestExtension();
  const pay = usePayExtension();
  const mark = useMarkExtensionPaid();
  const groupName = useId();
  const toApproval = useApprovalPage();
  const payment = useOnlinePayment({
    booking: b,
    kind: 'extension',
    pay: (body, idempotencyKey) => pay.mutateAsync({ id: b.id, body, idempotencyKey }),
    onPaid: (p) => markPaid(p),
    onFailed: () =>
      showToast({
        title: t('toasts.paymentFailed'),
        description: t('toasts.paymentFailedBody'),
        variant: 'destructive',
      }),
    // No error: the reply could not be followed (no answer, a step this app cannot show).
    onError: (err) =>
      err
        ? toastError(err)
        : showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' }),
  });

  const reset = () => {
    setHours(DEFAULT_EXTENSION_HOURS);
    setDetails(null);
    payment.reset();
    setPayOther(false);
    requested.current = false;
    request.reset();
    pay.reset();
    mark.reset();
  };
  const close = () => {
    reset();
    onStep('closed');
  };

  // The payment step of an extension already requested ('Pay Extension (price RMB)') takes the server's figures.
  const shown: Details | null =
    details ?? (b.extension ? { hours: b.extension.hours, priceCents: b.extension.priceCents } : null);
  // The server counts the limit per day on a tour of several days (decision 155).
  const atLimit = (b.dayExtensionCount ?? b.extensionCount) >= MAX_EXTENSIONS;
  const previewCents = Math.round(b.extensionRateCents * hours);
  const hoursLabel = (h: number) =>
    t(`request.options.${h}`, { defaultValue: t('bookings:hours', { count: h, hours: String(h) }) });
  const processing = request.isPending || payment.sending || mark.isPending;
  const { complete, confirming } = payment;

  // A wallet payment of this extension waits for the traveler's approval: the sheet continues it.
  const open = b.extension?.openPayment;
  const resume = open && !payOther && !confirming && !processing ? open : null;
  const walletName = (m: 'alipay' | 'wechat') => t(`bookings:payment.methods.${m}`);
  const locale = currentLocale();
  const own = (cents: number) => formatMoney(cents, b.currency, locale);
  const charge = bookingCharge(b, shown?.priceCents ?? 0, payment.values.method);

  const toastError = (err: unknown) => {
    const code = err instanceof ApiError ? err.code : undefined;
    if (code === 'extension_limit_reached') showToast({ title: t('toasts.limit'), variant: 'destructive' });
    else if (code === 'slot_unavailable')
      showToast({ title: t('toasts.errorTitle'), description: t('toasts.slotTaken'), variant: 'destructive' });
    else if (code === 'extension_into_next_day')
      showToast({ title: t('toasts.errorTitle'), description: t('toasts.intoNextDay'), variant: 'destructive' });
    else if (code === 'payment_in_progress')
      showToast({ title: t('toasts.paymentFailed'), description: t('toasts.notPaidYet'), variant: 'info' });
    else if (code === 'validation_failed') showToast({ title: t('toasts.paymentRequired'), variant: 'destructive' });
    else if (code === 'payment_failed' || step === 'payment')
      showToast({
        title: t('toasts.paymentFailed'),
        description: t('toasts.paymentFailedBody'),
        variant: 'destructive',
      });
    else showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' });
  };

  // The fee shown until the server's answer is the same rule's (round(total / duration) × hours).
  const toPayment = () => {
    setDetails({ hours, priceCents: previewCents });
    onStep('payment');
  };

  /** Asks for the extension when it is not asked yet; false when the server said no (toasted). */
  const ensureRequested = async (): Promise<boolean> => {
    if (b.status !== 'ongoing' || requested.current || !details) return true;
    try {
      const reply = await request.mutateAsync({ id: b.id, hours: details.hours });
      requested.current = true;
      setDetails({ hours: reply.extensionDetails.hours, priceCents: reply.extensionDetails.priceCents });
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };

  const markPaid = (p: PaidPayment) =>
    mark.mutate(
      {
        id: b.id,
        body: {
          paid: true,
          paymentMethod: payment.values.method,
          transactionData: {
            transactionId: String(p.id),
            transactionTime: new Date().toISOString(),
            amount: toMajor(p.amountCents, p.currency),
            // The field's old label names yuan 'RMB'; yen by its code.
            currency: p.currency === 'CNY' ? 'RMB' : p.currency,
            paymentMethod: payment.values.method,
            status: p.status,
          },
          paymentDetails:
            payment.values.method === 'card'
              ? { lastFourDigits: p.last4 ?? undefined, cardHolder: payment.values.cardHolder.trim() }
              : payment.values.method === 'alipay'
                ? { account: payment.values.alipayAccount.trim() }
                : { wechatId: payment.values.wechatId.trim() },
        },
      },
      {
        onSuccess: () => {
          void showPaidToast('extension');
          close();
        },
        onError: toastError,
      },
    );

  const submitPayment = async () => {
    if (!complete) {
      showToast({ title: t('toasts.paymentRequired'), variant: 'destructive' });
      return;
    }
    if (!(await ensureRequested())) return;
    await payment.submit();
  };

  return (
    <>
      <Sheet
        open={step === 'request'}
        onOpenChange={(o) => !o && close()}
        title={t('request.title')}
        description={t('request.description')}
        closeLabel={t('request.close')}
      >
        <div className="space-y-4 text-sm">
          <div className="rounded-lg bg-stone-100 px-3 py-2 dark:bg-stone-800">
            {(b.days ?? 1) > 1 ? (
              <>
                <p className="font-medium">
                  {t('request.currentDay', { count: b.dayExtensionCount ?? 0, n: b.currentDay ?? 1 })}
                </p>
                <p className="text-stone-600 dark:text-stone-400">{t('request.maxPerDay')}</p>
              </>
            ) : (
              <>
                <p className="font-medium">{t('request.current', { count: b.extensionCount })}</p>
                <p className="text-stone-600 dark:text-stone-400">{t('request.max')}</p>
              </>
            )}
            {atLimit && (
              <p role="alert" className="mt-1 font-semibold text-red-700 dark:text-red-300">
                {t('toasts.limit')}
              </p>
            )}
          </div>
          <fieldset disabled={atLimit}>
            <legend className="font-medium text-stone-800 dark:text-stone-200">{t('request.time')}</legend>
            <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {EXTENSION_HOUR_OPTIONS.map((h) => (
                <label
                  key={h}
                  className={cn(
                    'flex cursor-pointer items-center justify-center rounded-lg border px-2 py-2 text-center font-medium transition focus-within:ring-2 focus-within:ring-primary-500',
                    hours === h
                      ? 'border-primary-600 bg-primary-50 text-primary-900 dark:bg-primary-900/40 dark:text-primary-100'
                      : 'border-stone-300 hover:border-primary-400 dark:border-stone-700',
                  )}
                >
                  <input
                    type="radio"
                    name={groupName}
                    className="sr-only"
                    value={h}
                    checked={hours === h}
                    onChange={() => setHours(h)}
                  />
                  {hoursLabel(h)}
                </label>
              ))}
            </div>
          </fieldset>
          <dl
            aria-label={t('request.summary')}
            className="space-y-1.5 rounded-lg border border-stone-200 px-3 py-2 dark:border-stone-800"
          >
            <Row
              label={t('request.baseRate')}
              value={t('request.baseRateValue', { rate: own(b.extensionRateCents) })}
            />
            <Row label={t('request.extensionTime')} value={hoursLabel(hours)} />
            <Row label={t('request.extensionFee')} value={own(previewCents)} strong />
          </dl>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            {t('request.cancel')}
          </Button>
          <Button variant="accent" disabled={atLimit} onClick={toPayment}>
            {t('request.continue')}
          </Button>
        </div>
      </Sheet>

      <Sheet
        open={step === 'payment'}
        onOpenChange={(o) => !o && !processing && close()}
        title={t('payment.title')}
        description={t('payment.description')}
        closeLabel={t('request.close')}
      >
        {shown && (
          <dl className="mb-4 space-y-1.5 rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
            <Row label={t('payment.hours')} value={hoursLabel(shown.hours)} />
            <Row label={t('payment.fee')} value={own(shown.priceCents)} strong />
          </dl>
        )}
        {resume ? (
          <div
            className="space-y-2 rounded-lg border border-primary-200 bg-primary-50 px-3 py-3 text-sm text-primary-900 dark:border-primary-800 dark:bg-primary-900/40 dark:text-primary-100"
            aria-live="polite"
            data-testid="extension-resume"
          >
            <p className="flex items-center gap-2 font-semibold">
              <Wallet className="h-4 w-4 shrink-0" aria-hidden />
              {t('payment.resumeTitle', { method: walletName(resume.method) })}
            </p>
            <p>
              {t('payment.resumeBody', {
                method: walletName(resume.method),
                price: formatMoney(resume.amountCents, chargeCurrencyOf(resume.method, b.chargeCurrency), locale),
              })}
            </p>
            <button
              type="button"
              className="font-medium underline underline-offset-2"
              onClick={() => setPayOther(true)}
            >
              {t('payment.payOther')}
            </button>
          </div>
        ) : (
          <OnlinePaymentFields payment={payment} disabled={processing} />
        )}
        {/* The final confirmation beside Pay (decision 122). */}
        {shown && !resume && !confirming && (
          <OrderReview
            facts={extensionReviewFacts(
              b,
              shown,
              payment.values.method,
              t('bookings:review.extensionService', {
                service: b.subcategory ? localName(b.subcategory, locale) : t('bookings:summary.basicTour'),
              }),
            )}
            className="mt-4 rounded-lg border border-stone-200 px-3 py-3 dark:border-stone-800"
          />
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={processing} onClick={close}>
            {t('payment.cancel')}
          </Button>
          {resume ? (
            <Button variant="accent" onClick={() => toApproval(resume.approvalUrl)}>
              {t('payment.resume', { method: walletName(resume.method) })}
            </Button>
          ) : (
            !confirming && (
              <Button
                variant="accent"
                disabled={processing || !complete || !shown}
                onClick={() => void submitPayment()}
              >
                {processing
                  ? t('payment.processing')
                  : t('bookings:payment.payPrice', { price: formatMoney(charge.amountCents, charge.currency, locale) })}
              </Button>
            )
          )}
        </div>
      </Sheet>
    </>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className={cn('tabular-nums', strong && 'text-base font-bold text-stone-900 dark:text-stone-100')}>
        {value}
      </dd>
    </div>
  );
}
