import { UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form';
import { Sheet } from '../../../components/ui/sheet';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../../shared/money-format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useReportNoShow } from '../api/trip-trouble';
import { CreditBeforeNote, creditGiven, sentences } from './credit-note';

/** setTimeout's longest wait; a report further off than that is not waited for on one page. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Whether the clock has reached `from` (an ISO instant), re-rendering when it does: the cards' `now`
 * is fixed for the life of the page, and the report opens 20 minutes into a tour the page may
 * already show (decision 138).
 */
function useReached(from: string | null | undefined): boolean {
  const at = from ? Date.parse(from) : Number.NaN;
  const [passed, setPassed] = useState<number | null>(null);
  const [first] = useState(() => ({ at, reached: !Number.isNaN(at) && Date.now() >= at }));
  useEffect(() => {
    if (Number.isNaN(at)) return;
    const wait = Math.max(0, at - Date.now());
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setPassed(at), wait);
    return () => clearTimeout(timer);
  }, [at]);
  return !Number.isNaN(at) && (passed === at || (first.at === at && first.reached));
}

/**
 * "Guide did not come" on the traveler's card, "Traveler did not come" on the guide's (decision 138):
 * once the server says the caller may report (`noShowReportableFrom`) and that time has come, never
 * before. The confirmation says what follows: a traveler gets the deposit back in full; a guide keeps
 * it by the no-show terms, and the traveler may contest within 48 hours. A traveler may instead ask for
 * another guide later the same day (decision 140): the card then shows the replacement panel. On a
 * later day of several days (decision 158) the booking ends that day: the traveler gets back the
 * server's figure for the days not given (`noShowRefundCents`), and no other guide is offered. That
 * figure is in the booking's currency; the refund made is in what the deposit was paid in (decision 164).
 */
export function NoShowReport({ booking: b, side }: { booking: Booking; side: 'traveler' | 'guide' }) {
  const { t } = useTranslation(['trips', 'bookings']);
  const reached = useReached(b.noShowReportableFrom);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  // The server said nobody is free later today (409 no_replacement_today): the sheet stays open on the refund.
  const [noneToday, setNoneToday] = useState(false);
  const report = useReportNoShow();
  // The server says when a report may be made and what it gives back (decision 158); the web computes neither.
  if (!b.noShowReportableFrom || b.noShowRefundCents == null || !reached) return null;
  const locale = currentLocale();
  const refund = formatMoney(b.noShowRefundCents, b.currency, locale);
  const key = side === 'traveler' ? 'guide' : 'traveler';
  // The server's tour day (decision 155): from the second on, the report ends the tour partly given.
  const span = { day: b.currentDay ?? 1, days: b.days ?? 1 };
  const laterDay = span.days > 1 && span.day > 1 ? span : null;
  const body = laterDay
    ? t(`noShow.${key}.bodyLaterDay`, { ...laterDay, amount: refund })
    : side === 'traveler'
      ? t('noShow.guide.body', { amount: refund })
      : t('noShow.traveler.body');
  const offerReplacement = side === 'traveler' && !laterDay;

  const openSheet = (next: boolean) => {
    if (next) setNoneToday(false);
    setOpen(next);
  };

  // mutateAsync: the cancelled booking leaves this tab at once, and the toast must still show.
  // `replacement` (traveler only, decision 140): another guide later today instead of the refund now.
  const confirm = (replacement = false) =>
    report.mutateAsync({ id: b.id, note: note.trim() || undefined, replacement: replacement || undefined }).then(
      (reply) => {
        setOpen(false);
        const r = reply.refund;
        let description: string | undefined;
        if (replacement) description = t('noShow.guide.replacementDone');
        else if (r && r.amountCents > 0) {
          // The credit the guide's absence gave (decision 139), named with the refund.
          const credit = creditGiven(reply);
          description = sentences([
            t(laterDay ? 'noShow.refundedDays' : 'noShow.refunded', {
              amount: formatMoney(r.amountCents, r.currency, locale),
            }),
            credit && t('card.creditIssued', credit),
          ]);
        } else if (side === 'guide') description = t('noShow.traveler.doneBody');
        showToast({ title: t(`noShow.${key}.done`), description, variant: 'success' });
      },
      (err) => {
        const code = err instanceof ApiError ? err.code : undefined;
        // Nobody free later today: nothing changed, and the refund stays one tap away in this sheet.
        if (code === 'no_replacement_today') setNoneToday(true);
        else
          showToast({
            title: t('toasts.errorTitle'),
            description:
              code === 'too_early'
                ? t('noShow.tooEarly')
                : err instanceof ApiError && err.status === 409
                  ? t('noShow.notNow')
                  : t('toasts.statusFailed'),
            variant: 'destructive',
          });
      },
    );
  const busy = (replacement: boolean) => report.isPending && Boolean(report.variables?.replacement) === replacement;

  return (
    <div className="mt-4 border-t border-stone-100 pt-4 dark:border-stone-800">
      <Button
        variant="outline"
        size="sm"
        className="border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950/40"
        onClick={() => openSheet(true)}
      >
        <UserX className="h-4 w-4" aria-hidden />
        {t(`noShow.${key}.button`)}
      </Button>
      <Sheet
        open={open}
        onOpenChange={openSheet}
        title={t(`noShow.${key}.title`)}
        description={body}
        closeLabel={t('bookings:close')}
      >
        {side === 'traveler' && <CreditBeforeNote booking={b} />}
        {offerReplacement && (
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('noShow.guide.replacementBody')}</p>
        )}
        <TextAreaField
          wrapperClassName="mt-4"
          label={t('noShow.noteLabel')}
          hint={t('noShow.noteHint')}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {noneToday && (
          <p
            role="alert"
            className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {t('noShow.guide.noneToday')}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('noShow.back')}
          </Button>
          {offerReplacement && (
            <Button
              variant="primary"
              busy={busy(true)}
              disabled={noneToday || report.isPending}
              onClick={() => void confirm(true)}
            >
              {t('noShow.guide.replacement')}
            </Button>
          )}
          <Button variant="danger" busy={busy(false)} disabled={report.isPending} onClick={() => void confirm()}>
            {t(`noShow.${key}.confirm`)}
          </Button>
        </div>
      </Sheet>
    </div>
  );
}
