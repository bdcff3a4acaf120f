import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money-format';
import { bookingSchema, type Booking } from '../../../shared/schemas/bookings';
import { tourSteps, type TourSteps } from '../../test/booking-steps';
import { auth } from '../../test/guide-fixtures';
import { pdfPages } from '../../test/pdf-runs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingCast, type BookingCast } from '../bookings/test-helpers';
import { PDF_STRINGS } from './strings';

/**
 * An extension paid and then rejected, so refunded (decision 193): the booking's reply — what the trip card reads —
 * and the booking PDF name the same online payments and the same refund, the extension's included, in each
 * language. Before, the card counted only the deposit's and the changes' refunds and the PDF every refund.
 */
let t: TestApp;
let cast: BookingCast;
let steps: TourSteps;
let booking: Booking;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  cast = await bookingCast(t);
  steps = tourSteps(t, cast);
  const b = await steps.ongoing(30);
  expect((await steps.requestExtension(b.id, 1)).statusCode).toBe(200);
  expect((await steps.payExtension(b.id)).statusCode).toBe(201);
  expect((await steps.reject(b.id)).statusCode).toBe(200);
  booking = bookingSchema.parse((await steps.call('GET', `/api/v2/bookings/${b.id}`, cast.traveler)).json());
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const pdfText = async (lang: string) =>
  (
    await pdfPages(
      (
        await t.app.inject({
          url: `/api/v2/bookings/${booking.id}/pdf?lang=${lang}`,
          headers: auth(cast.traveler.token),
        })
      ).rawPayload,
    )
  ).text;

describe('a rejected extension’s refund', () => {
  it('is in the booking reply’s online sums, the extension’s payment and its refund as the payments say', () => {
    const extension = booking.payments.find((p) => p.kind === 'extension')!;
    expect(extension).toMatchObject({ status: 'refunded' });
    expect(extension.refundedCents).toBe(extension.amountCents);
    const deposit = booking.payments.find((p) => p.kind === 'deposit')!;
    expect(booking.refundedOnline).toEqual([{ currency: extension.currency, cents: extension.refundedCents }]);
    expect(booking.paidOnline).toEqual([
      { currency: deposit.currency, cents: deposit.amountCents + extension.amountCents },
    ]);
  });

  it('reads the same in the booking PDF, in three languages', async () => {
    const extension = booking.payments.find((p) => p.kind === 'extension')!;
    for (const lang of ['en', 'zh-CN', 'ja'] as const) {
      const s = PDF_STRINGS[lang];
      const text = await pdfText(lang);
      expect(text).toContain(`${s.extensionPaid(1)} ${formatMoney(extension.amountCents, extension.currency, lang)}`);
      for (const r of booking.refundedOnline!)
        expect(text).toContain(`${s.refunded} −${formatMoney(r.cents, r.currency, lang)}`);
    }
  });
});
