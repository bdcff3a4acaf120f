import { inPersonCharge, inPersonDays, keptOwnCents } from '../../../../shared/booking/in-person';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { BookingRow, PaymentRow } from './bookings.repository';

/** Online payments that reached the platform (a refund leaves the payment in the record). */
const PAID = new Set<PaymentRow['status']>(['succeeded', 'partially_refunded', 'refunded']);
/** An in-person payment the traveler has reported (a proof uploaded) or the guide confirmed (decision 062). */
const HANDED_OVER = new Set<PaymentRow['status']>(['processing', 'pending', 'succeeded']);

type MoneyView = Pick<
  Booking,
  'depositPaidAt' | 'paidOnlineCents' | 'dueInPersonCents' | 'dueInPersonChargeCents' | 'dueInPersonOn'
>;

/**
 * What has been paid and what is left, the server's figures (decision 179): what the payments made
 * online still stand for in the booking's currency; the in-person part (total less deposit) while it
 * is owed — not once the booking is cancelled or the traveler reported paying it — in the booking's
 * currency and the one its traveler saw; and the share of it due on each tour day.
 */
export function moneyView(b: BookingRow, payments: readonly PaymentRow[]): MoneyView {
  const online = payments.filter((p) => p.kind !== 'final_payment' && p.method !== 'cash' && PAID.has(p.status));
  const handedOver = payments.some((p) => p.kind === 'final_payment' && HANDED_OVER.has(p.status));
  const owed = b.status !== 'cancelled' && !handedOver;
  const due = owed ? Math.max(0, b.totalPriceCents - b.depositCents) : 0;
  // The deposit as charged at the checkout stands for the deposit until a trip change moves it (decision
  // 177); after one, the deposit is converted as the rest is, the figure the change's sheet showed.
  const chargeDepositCents = b.depositChangeCents === 0 ? b.chargeDepositCents : null;
  const terms = {
    currency: b.currency,
    chargeCurrency: b.chargeCurrency,
    depositCents: b.depositCents,
    chargeDepositCents,
    jpyPerCny: b.jpyPerCny,
  };
  const charge = due > 0 ? inPersonCharge({ ...terms, totalCents: b.totalPriceCents }) : null;
  return {
    depositPaidAt: b.paidAt?.toISOString() ?? null,
    paidOnlineCents: online.reduce((sum, p) => sum + keptOwnCents(p, b.currency), 0),
    dueInPersonCents: due,
    dueInPersonChargeCents: charge,
    dueInPersonOn: inPersonDays(b, due, charge),
  };
}
