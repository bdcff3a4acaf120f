import { bookingStatement } from '../../../../shared/booking/statement';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { BookingRow, PaymentRow } from './bookings.repository';

type MoneyView = Pick<
  Booking,
  'depositPaidAt' | 'paidOnlineCents' | 'dueInPersonCents' | 'dueInPersonChargeCents' | 'dueInPersonOn'
>;

/** The booking's statement (decision 193) from its row and its payments, as every surface reads it. */
export const statementOf = (b: BookingRow, payments: readonly PaymentRow[]) =>
  bookingStatement({
    currency: b.currency,
    jpyPerCny: b.jpyPerCny,
    totalCents: b.totalPriceCents,
    depositCents: b.depositCents,
    date: b.date,
    days: b.days,
    cancelled: b.status === 'cancelled',
    payments,
  });

/**
 * What has been paid and what is left, the server's figures (decision 179), read from the booking's
 * statement (decision 193): what the payments made online still stand for in the booking's currency; the
 * in-person part while it is owed, in the booking's currency and, when the traveler saw the other one, in
 * it (converted once, then subtracted); and the share of it due on each tour day.
 */
export function moneyView(b: BookingRow, payments: readonly PaymentRow[]): MoneyView {
  const s = statementOf(b, payments);
  const seenOther = b.chargeCurrency !== b.currency && s.other === b.chargeCurrency;
  const due = s.inPerson.cents;
  return {
    depositPaidAt: b.paidAt?.toISOString() ?? null,
    paidOnlineCents: s.paidOnlineOwnCents,
    dueInPersonCents: due,
    dueInPersonChargeCents: seenOther && due > 0 ? s.inPerson.otherCents : null,
    dueInPersonOn: s.inPersonOn.map((d) => ({ ...d, chargeCents: seenOther ? d.chargeCents : null })),
  };
}
