import type { Locale } from '../../../shared/locales';
import type { Booking } from '../../../shared/schemas/bookings';
import { bookingPage, footer, PAGE, type BookingPage } from './booking-page';
import { openPdf } from './pdf-document';
import { header, status } from './render-header';
import { payment, policy } from './render-payment';
import { meeting, tour } from './render-tour';
import { PDF_STRINGS } from './strings';

/**
 * The booking confirmation as a one-page A4 PDF (decision 065), in its language's faces (Noto Sans JP
 * for Japanese, Noto Sans SC otherwise; decision 174), embedded as subsets with ToUnicode maps, so
 * the PDF is small and its text can be searched and copied in every script. One page for most
 * bookings; a family's several days with their lines go on to a second (decision 179). Each section
 * is its own function (render-header.ts, render-tour.ts, render-payment.ts), drawing on the page
 * booking-page.ts keeps.
 */
export async function renderBookingPdf(
  b: Booking,
  locale: Locale,
  now: Date = new Date(),
  reader: BookingPage['reader'] = 'traveler',
): Promise<Buffer> {
  const s = PDF_STRINGS[locale];
  const { doc, done } = await openPdf({
    margin: PAGE.margin,
    lang: locale,
    info: {
      Title: `${s.title} ${b.bookingNumber}`,
      Author: s.brand,
      Subject: s.title,
      Creator: s.brand,
      Producer: s.brand,
      CreationDate: now,
    },
  });
  const p = bookingPage(doc, b, locale, reader);
  header(p);
  status(p, now);
  tour(p);
  meeting(p);
  payment(p);
  policy(p);
  footer(p);
  doc.end();
  return done;
}
