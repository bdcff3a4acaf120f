import type { Locale } from '../../../shared/locales';
import { openPdf } from '../booking-pdf/index';
import { renderInvoice } from './render-invoice';
import { bookings, header, payouts, summary } from './render-statement';
import { PAGE, sheet } from './sheet';
import { statementPage, type StatementDocument } from './statement-page';
import { INVOICE_JA, STATEMENT_STRINGS } from './strings';

/**
 * A guide's monthly statement as an A4 PDF, followed by the qualified invoice (適格請求書) for the
 * month's commission (decision 127). Set in the booking PDF's faces for its language (decision 174;
 * Noto Sans SC also carries the kana and kanji of the invoice's Japanese in a Chinese or English
 * statement), so the text can be searched and copied. Every amount is written in its own currency
 * (decision 167): a yen guide's in yen. Each section is its own function (render-statement.ts,
 * render-invoice.ts), drawing on the page statement-page.ts describes.
 */
export async function renderStatementPdf(d: StatementDocument, locale: Locale): Promise<Buffer> {
  const s = STATEMENT_STRINGS[locale];
  const month0 = d.statements[0]!.month;
  const [year, month] = month0.split('-').map(Number) as [number, number];
  const issued = new Date(Date.UTC(d.issuedOn.year, d.issuedOn.month - 1, d.issuedOn.day));
  const title = `${s.title} ${s.monthName(year, month)} · ${INVOICE_JA.title} ${d.invoiceNumber}`;
  const { doc, done } = await openPdf({
    margin: PAGE.margin,
    lang: locale,
    info: {
      Title: title,
      Author: s.brand,
      Subject: s.title,
      Creator: s.brand,
      Producer: s.brand,
      CreationDate: issued,
    },
  });
  const p = sheet(doc, { left: s.footer, right: `${month0} · ${d.invoiceNumber}` });
  const c = statementPage(p, d, locale);
  header(c);
  summary(c);
  bookings(c);
  payouts(c);
  renderInvoice(c);
  p.footer();
  doc.end();
  return done;
}
