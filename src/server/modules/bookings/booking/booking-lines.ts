/**
 * A booking's lines as its view shows them (`toBooking`'s `lines`; booking-lines.test.ts): as charged, never repriced,
 * labelled in English until the reply is sent.
 */
import { priceLineLabel } from '../../../../shared/booking/price-lines';
import { PRICED_LENGTH, pricedLength, type LabelledLine } from './booking-line-labels';
import type { BookingRow, ExtensionRow } from './bookings.repository';

/**
 * The lines as charged (`price_lines`, frozen at booking and never recomputed), labelled by
 * `priceLineLabel` as the quote labels them: in English here, in the reader's language by
 * `labelLinesForReader` (booking-line-labels.ts) when the reply is sent. A booking without lines
 * (made before decision 152, or replaced) reads as one base line of the guide's price.
 */
export function linesOf(
  b: Pick<BookingRow, 'priceLines' | 'totalPriceCents' | 'creditCents' | 'durationMinutes' | 'days'>,
  extensions: Pick<ExtensionRow, 'status' | 'minutes'>[],
): LabelledLine[] {
  const length = pricedLength(b, extensions);
  return (b.priceLines ?? [{ kind: 'base', people: 1, amountCents: b.totalPriceCents + b.creditCents }]).map((l) => ({
    kind: l.kind,
    people: l.people,
    amountCents: l.amountCents,
    label: priceLineLabel(l, length, 'en'),
    [PRICED_LENGTH]: length,
  }));
}
