import { Download, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADDRESSEE_MAX,
  RECEIPT_LANGUAGES,
  type Receipt,
  type ReceiptLanguage,
} from '../../../../shared/schemas/receipts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { addDays } from '../../../../shared/availability';
import { groupWords } from '../../../../shared/booking/group-words';
import { sameShareRuns } from '../../../../shared/booking/in-person';
import { dateRangeText } from '../../../../shared/booking/span-text';
import { tourLengthText } from '../../../../shared/booking/tour-length';
import { formatWithAbout } from '../../../../shared/money-format';
import { colon, formatCalendarDate, formatInstant, moneyFormat } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { downloadReceiptPdf, useUpdateAddressee } from '../api/receipts';

const LANGUAGE_NAMES: Record<ReceiptLanguage, string> = { en: 'English', 'zh-CN': '中文', ja: '日本語' };

/** One receipt or credit note as the payer reads it: the document's lines, its addressee to edit, and its PDF. */
export function ReceiptDocument({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const locale = currentLocale();
  const money = moneyFormat(locale);
  const credit = r.kind === 'credit_note';
  const date = (iso: string) => formatInstant(iso, locale, 'Asia/Tokyo').date;
  const purpose = credit
    ? t('purpose.refund', { number: r.receiptNumber })
    : t(`purpose.${r.paymentKind}`, { number: r.bookingNumber });
  const method =
    r.method === 'card' && r.cardLast4 ? t('cardEnding', { last4: r.cardLast4 }) : t(`methods.${r.method}`);
  // Each amount in its own currency (decision 164): what was paid in the payment's, what is paid in person in the
  // booking's.
  const amount = `${credit ? '−' : ''}${money.money(r.amountCents, r.currency)}`;
  const [downloading, setDownloading] = useState<ReceiptLanguage | null>(null);
  const [failed, setFailed] = useState(false);

  const download = async (lang: ReceiptLanguage) => {
    setDownloading(lang);
    setFailed(false);
    try {
      await downloadReceiptPdf(r, lang);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <article
      aria-labelledby={`receipt-${r.id}`}
      className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={`receipt-${r.id}`}
          className={
            credit
              ? 'text-xl font-bold text-accent-700 dark:text-accent-300'
              : 'text-xl font-bold text-primary-700 dark:text-primary-300'
          }
        >
          {t(credit ? 'creditNote' : 'receipt')}
        </h2>
        <p className="text-sm tabular-nums text-stone-600 dark:text-stone-400">
          {t('number')}
          {colon(locale)}
          <span className="font-semibold text-stone-900 dark:text-stone-100">{r.number}</span>
        </p>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('issued', { date: date(r.issuedAt) })}</p>
      {r.supersededBy && (
        // Kept as issued; the receipt a trip change issued states what is owed now (decision 204).
        <p
          role="note"
          className="mt-2 rounded-md bg-accent-50 px-3 py-2 text-sm font-semibold text-accent-800 dark:bg-stone-800 dark:text-accent-300"
        >
          {t('supersededBy', { number: r.supersededBy })}
        </p>
      )}

      <Addressee receipt={r} />

      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-stone-100 px-4 py-3 dark:bg-stone-800">
        <span className="text-sm text-stone-600 dark:text-stone-300">
          {t(credit ? 'amountRefunded' : 'amountReceived')}
        </span>
        <span className="text-2xl font-bold tabular-nums">{amount}</span>
      </div>

      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-500 dark:text-stone-400">{t('for')}</dt>
        <dd>{purpose}</dd>
        <dt className="text-stone-500 dark:text-stone-400">{t('method')}</dt>
        <dd>{method}</dd>
        <dt className="text-stone-500 dark:text-stone-400">{t(credit ? 'refundedOn' : 'paidOn')}</dt>
        <dd>{date(r.paidAt)}</dd>
      </dl>

      <ReceiptTour receipt={r} />
      {!credit && r.inPersonCents > 0 && <InPerson receipt={r} />}

      {r.rate && (
        // Paid in another currency than the booking's: the rate the booking was fixed at.
        <p className="mt-3 text-xs text-stone-500 dark:text-stone-400">
          {t('rate', { rate: r.rate.jpyPerCny, date: formatCalendarDate(r.rate.asOf, locale) })}
        </p>
      )}

      <div className="mt-4 border-t border-stone-100 pt-3 text-sm dark:border-stone-800">
        <p className="text-stone-500 dark:text-stone-400">{t('issuer')}</p>
        <p className="font-medium">{r.operator.name}</p>
        <p className="text-stone-600 dark:text-stone-300">{r.operator.address}</p>
        <p className="tabular-nums text-stone-600 dark:text-stone-300">
          {t('registration', { number: r.operator.invoiceNumber })}
        </p>
        {r.operator.fake && <p className="mt-1 font-medium text-accent-700 dark:text-accent-300">{t('fake')}</p>}
      </div>

      <div className="mt-4 border-t border-stone-100 pt-3 dark:border-stone-800">
        <p id={`pdf-${r.id}`} className="text-sm font-medium">
          {t('download')}
        </p>
        <div role="group" aria-labelledby={`pdf-${r.id}`} className="mt-2 flex flex-wrap gap-2">
          {RECEIPT_LANGUAGES.map((lang) => (
            // The label says what the button does (which document, as a PDF, in which language); the
            // article's heading and number say which receipt it is.
            <Button
              key={lang}
              variant="outline"
              size="sm"
              busy={downloading === lang}
              disabled={downloading !== null}
              onClick={() => void download(lang)}
            >
              <Download className="h-4 w-4" aria-hidden />
              {t(credit ? 'downloadCreditNoteAs' : 'downloadReceiptAs', { language: LANGUAGE_NAMES[lang] })}
            </Button>
          ))}
        </div>
        {failed && (
          <p role="alert" className="mt-2 text-sm text-danger-600 dark:text-red-400">
            {t('downloadFailed')}
          </p>
        )}
      </div>
    </article>
  );
}

/** The tour the payment is for, as the booking stands (decision 179): "3 天 × 8 小时 · dates", the group on its own. */
function ReceiptTour({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const locale = currentLocale();
  if (!r.tour) return null;
  const tour = r.tour;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="receipt-tour">
      <dt className="text-stone-500 dark:text-stone-400">{t('tour')}</dt>
      <dd>
        {tourLengthText(tour.days, tour.hoursEachDay, locale)} ·{' '}
        {dateRangeText(tour.date, addDays(tour.date, tour.days - 1), locale)}
      </dd>
      <dt className="text-stone-500 dark:text-stone-400">{t('group')}</dt>
      <dd>{groupWords(tour, locale)}</dd>
    </dl>
  );
}

/**
 * What was owed to the guide in person when the receipt was issued, outside its amount: named, in the
 * guide's currency with the payment's beside, on the day or a share each day (decision 179), the days
 * of one share on one line as the receipt's PDF writes them.
 */
function InPerson({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const locale = currentLocale();
  const about = (cents: number, other: number | null) =>
    formatWithAbout(
      { minor: cents, currency: r.inPersonCurrency },
      other === null ? null : { minor: other, currency: r.currency },
      locale,
    );
  const days = r.inPersonOn ?? [];
  const day = (date: string) => formatCalendarDate(date, locale);
  return (
    <div className="mt-4 border-t border-stone-100 pt-3 text-sm dark:border-stone-800" data-testid="receipt-in-person">
      <p className="flex flex-wrap justify-between gap-2 text-stone-600 dark:text-stone-300">
        <span>{r.tour ? t('inPersonTo', { guide: r.tour.guideName }) : t('inPerson')}</span>
        <span className="tabular-nums">{about(r.inPersonCents, r.inPersonAboutCents ?? null)}</span>
      </p>
      {days.length === 1 && <p className="mt-1">{t('inPersonOnDay', { date: day(days[0]!.date) })}</p>}
      {days.length > 1 && (
        <>
          <p className="mt-1">{t('inPersonEachDay')}</p>
          <ul className="mt-1 space-y-0.5">
            {sameShareRuns(days, (p, q) => p.cents === q.cents && p.aboutCents === q.aboutCents).map((run) => {
              const [a, b] = [run[0]!, run[run.length - 1]!];
              return (
                <li key={a.day} className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    {run.length === 1
                      ? t('dayShare', { n: a.day, date: day(a.date) })
                      : t('dayShares', { first: a.day, last: b.day, dates: dateRangeText(a.date, b.date, locale) })}
                  </span>
                  <span className="tabular-nums">{about(a.cents, a.aboutCents)}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{t('inPersonNote')}</p>
    </div>
  );
}

/** 宛名: shown, and changed by the payer in place. */
function Addressee({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const update = useUpdateAddressee(r.bookingId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(r.addressee);
  const error =
    update.error instanceof ApiError && update.error.status === 400
      ? t('addresseeInvalid')
      : update.error
        ? t('saveFailed')
        : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ id: r.id, addressee: value }, { onSuccess: () => setEditing(false) });
  };

  if (!editing) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-b border-stone-300 pb-2 dark:border-stone-700">
        <p className="text-lg font-semibold">{t('addressee', { name: r.addressee })}</p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue(r.addressee);
            update.reset();
            setEditing(true);
          }}
          aria-label={t('editAddresseeOf', { number: r.number })}
        >
          <Pencil className="h-4 w-4" aria-hidden />
          {t('editAddressee')}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="mt-4 space-y-2">
      <TextField
        label={t('addresseeLabel')}
        hint={t('addresseeHint')}
        value={value}
        maxLength={ADDRESSEE_MAX}
        required
        autoFocus
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {t('save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
