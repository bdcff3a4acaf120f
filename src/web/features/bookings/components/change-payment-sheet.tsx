import { useTranslation } from 'react-i18next';
import type { BookingChange } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import { formatMoney } from '../../../../shared/money-format';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { usePayChange } from '../api/booking-changes';
import { useOnlinePayment } from '../hooks/use-online-payment';
import { changeTripText, payNowText } from '../lib/change-text';
import { bookingAmountText, bookingCharge } from '../lib/price';
import { OnlinePaymentFields } from './online-payment-fields';

/**
 * Paying a change's difference of deposit (decision 177) as an extension's fee is paid: the same form,
 * provider steps and Idempotency-Key (`useOnlinePayment`), `{kind: 'change'}` to the booking's payments;
 * the amount is the server's. Pay says what the chosen method charges (`bookingCharge`: a card in the
 * currency the traveler saw, a wallet in yuan). Paid, the change waits for the guide or is made.
 */
export function ChangePaymentSheet({
  booking: b,
  change,
  open,
  onOpenChange,
}: {
  booking: Booking;
  change: BookingChange;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation(['changes', 'bookings']);
  const locale = currentLocale();
  const pay = usePayChange();
  const close = () => {
    payment.reset();
    onOpenChange(false);
  };
  const payment = useOnlinePayment({
    booking: b,
    kind: 'change',
    pay: (body, idempotencyKey) => pay.mutateAsync({ id: b.id, body, idempotencyKey }),
    onPaid: () => {
      showToast({
        title: t('toasts.paid'),
        description: change.needsGuide
          ? t('toasts.paidWaits', { guide: b.guide.fullName })
          : t('toasts.paidApplied', { trip: changeTripText(t, change.to, locale) }),
        variant: 'success',
      });
      close();
    },
    onFailed: () =>
      showToast({
        title: t('toasts.paymentFailed'),
        description: t('toasts.paymentFailedBody'),
        variant: 'destructive',
      }),
    onError: (err) => {
      const code = err instanceof ApiError ? err.code : undefined;
      const known = code === 'payment_in_progress' || code === 'change_not_open' || code === 'payment_failed';
      showToast({
        title: t('toasts.paymentFailed'),
        description: t(known ? `toasts.${code}` : 'toasts.failed'),
        variant: 'destructive',
      });
    },
  });
  const busy = payment.sending || pay.isPending;
  const charge = bookingCharge(b, change.money.payNowCents, payment.values.method, true);
  return (
    <Sheet
      open={open}
      onOpenChange={(o) => !o && !busy && close()}
      title={t('payment.title')}
      description={t('payment.description', { trip: changeTripText(t, change.to, locale) })}
      closeLabel={t('bookings:close')}
    >
      <dl className="mb-4 space-y-1.5 rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-stone-600 dark:text-stone-400">{t('quote.payNow')}</dt>
          <dd className="text-base font-bold tabular-nums">{payNowText(change.money, locale)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-stone-600 dark:text-stone-400">{t('quote.inPerson')}</dt>
          <dd className="tabular-nums">{bookingAmountText(b, change.to.inPersonCents, locale)}</dd>
        </div>
      </dl>
      <OnlinePaymentFields payment={payment} disabled={busy} />
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={close}>
          {t('payment.later')}
        </Button>
        {!payment.confirming && (
          <Button variant="accent" busy={busy} disabled={!payment.complete} onClick={() => void payment.submit()}>
            {busy
              ? t('bookings:payment.processing')
              : t('bookings:payment.payPrice', { price: formatMoney(charge.amountCents, charge.currency, locale) })}
          </Button>
        )}
      </div>
    </Sheet>
  );
}
