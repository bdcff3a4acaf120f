import { useTranslation } from 'react-i18next';
import { inCurrency } from '../../../../shared/booking/charge';
import { TRAVEL_CREDIT_DAYS } from '../../../../shared/booking/credit';
import type { Currency } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import type { Booking } from '../../../../shared/schemas/bookings';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { usePaymentConfig } from '../api/get-payment-config';
import { bookingTerms } from '../lib/price';

type CreditTerms = Pick<Booking, 'currency' | 'chargeCurrency' | 'depositCents' | 'chargeDepositCents' | 'rate'>;

/**
 * Before the traveler takes a refund their guide caused (the refund instead of a replacement, the
 * guide reported absent): the travel credit that comes with it (decision 139), so it is part of the
 * choice. The setting is in yuan; the credit is given in the booking's currency at the booking's rate,
 * as the server gives it (decision 164). Nothing when the deployment gives none.
 */
export function CreditBeforeNote({ booking: b }: { booking: CreditTerms }) {
  const { t } = useTranslation('trips');
  const setting = usePaymentConfig().data?.travelCreditCents ?? 0;
  // A booking without a rate was made all in yuan.
  if (setting <= 0 || (!b.rate && b.currency !== 'CNY')) return null;
  const cents = inCurrency({ ...bookingTerms(b), currency: 'CNY' }, setting, b.currency);
  return (
    <p data-testid="credit-before" className="mt-2 text-sm text-green-800 dark:text-green-200">
      {t('card.creditBefore', { amount: formatMoney(cents, b.currency, currentLocale()), days: TRAVEL_CREDIT_DAYS })}
    </p>
  );
}

/**
 * A credit's amount, in its currency (the booking's it came from, decision 164), and the day it lapses, as the
 * `card.credit…` strings take them.
 */
export function creditValues(
  c: NonNullable<Booking['creditIssued']>,
  currency: Currency,
): { amount: string; date: string } {
  const locale = currentLocale();
  return {
    amount: formatMoney(c.amountCents, currency, locale),
    date: formatCalendarDate(c.expiresAt.slice(0, 10), locale),
  };
}

/**
 * The credit a booking's end gave (the server's reply), as the cancelled card words it
 * (`card.creditIssued`): for a toast after the refund, beside what it says of the money. Null without one.
 */
export function creditGiven(b: Pick<Booking, 'creditIssued' | 'currency'>): { amount: string; date: string } | null {
  const c = b.creditIssued;
  if (!c || c.spent) return null;
  return creditValues(c, b.currency);
}

/** Two sentences of a toast, spaced as each language writes them (no space after a full-width stop). */
export const sentences = (parts: (string | null | undefined)[]) =>
  parts
    .filter((p): p is string => !!p)
    .reduce((out, p) => (!out ? p : /[。！？]$/.test(out) ? `${out}${p}` : `${out} ${p}`), '') || undefined;
