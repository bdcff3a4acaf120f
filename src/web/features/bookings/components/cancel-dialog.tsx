import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form';
import { showToast } from '../../../lib/toast';
import { useCancellationQuote } from '../api/get-cancellation-quote';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { formatMoney } from '../../../../shared/money-format';
import { currentLocale } from '../../../lib/i18n';
import { Sheet } from '../../../components/ui/sheet';

/**
 * The confirmation before cancelling. It shows what cancelling now refunds (the server's
 * quote by the cancellation tiers) and when the money arrives, and a change still open refunded whole with it;
 * Confirm is possible only once the quote is on screen.
 */
export function CancelDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['trips', 'bookings']);
  const quote = useCancellationQuote(booking.id, open);
  const update = useUpdateBookingStatus();
  const q = quote.data;
  const locale = currentLocale();
  /** Optional words for the guide (every "no" has its reason). */
  const [reason, setReason] = useState('');
  const methodName = (m: string | null) => t(`refundTo.${m ?? 'cash'}`, { defaultValue: t('refundTo.cash') });

  // mutateAsync, not mutate's callbacks: the booking's live event may refetch the list and take this
  // card away before the reply arrives, and mutate's callbacks never run for an unmounted component.
  const confirm = () =>
    update.mutateAsync({ id: booking.id, status: 'cancelled', reason: reason.trim() || undefined }).then(
      (reply) => {
        onOpenChange(false);
        const r = reply.refund;
        showToast({
          title: t('toasts.cancelled'),
          description:
            r && r.amountCents > 0
              ? t('toasts.cancelledRefundPrice', {
                  price: formatMoney(r.amountCents, r.currency, locale),
                  min: r.minBusinessDays,
                  max: r.maxBusinessDays,
                  method: methodName(r.method),
                })
              : undefined,
          variant: 'success',
        });
      },
      () => showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' }),
    );

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('cancel.title')}
      description={t('cancel.subtitle', { number: booking.bookingNumber, guide: booking.guide.fullName })}
      closeLabel={t('bookings:close')}
    >
      <div aria-live="polite" className="min-h-20">
        {quote.isError ? (
          <div
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
          >
            <p>{t('cancel.quoteFailed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void quote.refetch()}>
              {t('bookings:retry')}
            </Button>
          </div>
        ) : !q ? (
          <div
            aria-busy="true"
            aria-label={t('cancel.loading')}
            className="h-20 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800"
          />
        ) : !q.cancellable ? (
          <p className="text-sm">{t('cancel.notCancellable')}</p>
        ) : q.depositPaidCents === 0 ? (
          <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">{t('cancel.unpaid')}</p>
        ) : (
          <div className="space-y-3 text-sm">
            <div className="rounded-lg bg-stone-100 px-4 py-3 dark:bg-stone-800">
              <p className="text-stone-600 dark:text-stone-400">{t('cancel.refundLabel')}</p>
              <p className="mt-0.5 text-2xl font-bold tabular-nums" data-testid="refund-amount">
                {/* What comes back in all, in what was paid (decisions 164, 194): the server's sum. */}
                {formatMoney(q.backPaidCents, q.paidCurrency, locale)}
              </p>
              <p className="mt-0.5 text-stone-600 dark:text-stone-400">
                {/* With an open change in the sum, the deposit's part is named by its figure. */}
                {t(q.backPaidCents > q.refundPaidCents ? 'cancel.refundOfPricePart' : 'cancel.refundOfPrice', {
                  percent: q.refundPercent,
                  deposit: formatMoney(q.depositPaidCents, q.currency, locale),
                  part: formatMoney(q.refundPaidCents, q.paidCurrency, locale),
                })}
              </p>
            </div>
            <p>{t(`cancel.tier.${q.tier}`, { defaultValue: '' }) || null}</p>
            {q.refundCents > 0 && (
              <p>
                {t('cancel.arrives', { method: methodName(q.method), min: q.minBusinessDays, max: q.maxBusinessDays })}
              </p>
            )}
            {q.refundCents < q.depositPaidCents && (
              <p className="text-stone-600 dark:text-stone-400">
                {t('cancel.restPrice', { price: formatMoney(q.depositPaidCents - q.refundCents, q.currency, locale) })}
              </p>
            )}
            {/* A change still open is cancelled with the booking and its payment comes back whole (decision 194). */}
            {q.refunds
              .filter((r) => r.open)
              .map((r) => (
                <p key={r.paymentId} data-testid="open-change-refund">
                  {t(r.currency === q.paidCurrency ? 'cancel.openChangeIncluded' : 'cancel.openChange', {
                    price: formatMoney(r.amountCents, r.currency, locale),
                  })}
                </p>
              ))}
          </div>
        )}
      </div>
      {q?.cancellable && q.depositPaidCents > 0 && (
        <TextAreaField
          wrapperClassName="mt-4"
          label={t('cancel.reasonLabel', { guide: booking.guide.fullName })}
          hint={t('cancel.reasonHint')}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('cancel.keep')}
        </Button>
        <Button variant="danger" busy={update.isPending} disabled={!q?.cancellable} onClick={confirm}>
          {t('cancel.confirm')}
        </Button>
      </div>
    </Sheet>
  );
}
