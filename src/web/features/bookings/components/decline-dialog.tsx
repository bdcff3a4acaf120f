import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form';
import { showToast } from '../../../lib/toast';
import { useAnswerRequest } from '../api/answer-request';
import { formatMoney } from '../../../../shared/money-format';
import { currentLocale } from '../../../lib/i18n';
import { Sheet } from '../../../components/ui/sheet';

export const DECLINE_REASONS = ['unavailable', 'group', 'service', 'other'] as const;

/**
 * 'Tour request message': declining needs a chosen reason and a confirmation. The reason
 * (and any words added) goes to the traveler; their deposit is refunded in full.
 */
export function DeclineDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('bookings');
  const answer = useAnswerRequest();
  const name = useId();
  const [reason, setReason] = useState<(typeof DECLINE_REASONS)[number] | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setReason(null);
      setDetails('');
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(t('requests.decline.pickReason'));
    if (reason === 'other' && !details.trim()) return setError(t('requests.decline.explain'));
    const text = [t(`requests.decline.reasons.${reason}`), details.trim()].filter(Boolean).join(' — ').slice(0, 500);
    // mutateAsync: the toast shows even when the booking's live event has already taken the request away.
    answer.mutateAsync({ id: booking.id, answer: 'decline', reason: text }).then(
      () => {
        reset(false);
        showToast({
          title: t('requests.toasts.declined'),
          description: t('requests.toasts.declinedBody', { name: booking.traveler.fullName }),
          variant: 'success',
        });
      },
      () =>
        showToast({
          title: t('requests.toasts.errorTitle'),
          description: t('requests.toasts.failed'),
          variant: 'destructive',
        }),
    );
  };

  return (
    <Sheet
      open={open}
      onOpenChange={reset}
      title={t('requests.decline.title')}
      description={t('requests.decline.description', {
        name: booking.traveler.fullName,
        amount: formatMoney(booking.depositCents, booking.currency, currentLocale()),
      })}
      closeLabel={t('close')}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset aria-describedby={error ? `${name}-error` : undefined}>
          <legend className="text-sm font-medium">{t('requests.decline.reason')}</legend>
          <div className="mt-2 space-y-2">
            {DECLINE_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-stone-200 px-3 py-2.5 text-sm has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50 dark:border-stone-700 dark:has-[:checked]:bg-primary-900/40"
              >
                <input
                  type="radio"
                  name={name}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setError(null);
                  }}
                  className="h-4 w-4 accent-primary-600"
                />
                {t(`requests.decline.reasons.${r}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label={reason === 'other' ? t('requests.decline.detailsRequired') : t('requests.decline.details')}
          value={details}
          maxLength={400}
          rows={3}
          onChange={(e) => {
            setDetails(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${name}-error`} role="alert" className="text-sm text-danger-600 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => reset(false)}>
            {t('requests.decline.back')}
          </Button>
          <Button type="submit" variant="danger" busy={answer.isPending}>
            {t('requests.decline.confirm')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
