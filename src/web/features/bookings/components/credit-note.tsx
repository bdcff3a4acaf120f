import { useTranslation } from 'react-i18next';
import { TRAVEL_CREDIT_DAYS } from '../../../../shared/booking/credit';
import type { Booking } from '../../../../shared/schemas/bookings';
import { amount, formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { usePaymentConfig } from '../api/get-payment-config';

/**
 * Before the traveler takes a refund their guide caused (the refund instead of a replacement, the
 * guide reported absent): the travel credit that comes with it (decision 139), so it is part of the
 * choice. Nothing when the deployment gives none.
 */
export function CreditBeforeNote() {
  const { t } = useTranslation('trips');
  const cents = usePaymentConfig().data?.travelCreditCents ?? 0;
  if (cents <= 0) return null;
  return (
    <p data-testid="credit-before" className="mt-2 text-sm text-green-800 dark:text-green-200">
      {t('card.creditBefore', { amount: amount(cents), days: TRAVEL_CREDIT_DAYS })}
    </p>
  );
}

/**
 * The credit a booking's end gave (the server's reply), as the cancelled card words it
 * (`card.creditIssued`): for a toast after the refund, beside what it says of the money. Null without one.
 */
export function creditGiven(b: Pick<Booking, 'creditIssued'>): { amount: string; date: string } | null {
  const c = b.creditIssued;
  if (!c || c.spent) return null;
  return { amount: amount(c.amountCents), date: formatCalendarDate(c.expiresAt.slice(0, 10), currentLocale()) };
}

/** Two sentences of a toast, spaced as each language writes them (no space after a full-width stop). */
export const sentences = (parts: (string | null | undefined)[]) =>
  parts.filter((p): p is string => !!p).reduce((out, p) => (!out ? p : /[。！？]$/.test(out) ? `${out}${p}` : `${out} ${p}`), '') || undefined;
