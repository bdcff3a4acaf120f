import { UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form';
import { Sheet } from '../../../components/ui/sheet';
import { ApiError } from '../../../lib/api-client';
import { amount } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useReportNoShow } from '../api/trip-trouble';

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
 * it by the no-show terms, and the traveler may contest within 48 hours.
 */
export function NoShowReport({ booking: b, side }: { booking: Booking; side: 'traveler' | 'guide' }) {
  const { t } = useTranslation(['trips', 'bookings']);
  const reached = useReached(b.noShowReportableFrom);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const report = useReportNoShow();
  if (!b.noShowReportableFrom || !reached) return null;
  const deposit = b.payments.find((p) => p.kind === 'deposit' && p.status === 'succeeded')?.amountCents ?? b.depositCents;
  const key = side === 'traveler' ? 'guide' : 'traveler';

  // mutateAsync: the cancelled booking leaves this tab at once, and the toast must still show.
  const confirm = () =>
    report.mutateAsync({ id: b.id, note: note.trim() || undefined }).then(
      (reply) => {
        setOpen(false);
        const r = reply.refund;
        showToast({
          title: t(`noShow.${key}.done`),
          description: r && r.amountCents > 0 ? t('noShow.refunded', { amount: amount(r.amountCents) }) : side === 'guide' ? t('noShow.traveler.doneBody') : undefined,
          variant: 'success',
        });
      },
      (err) =>
        showToast({
          title: t('toasts.errorTitle'),
          description: err instanceof ApiError && err.code === 'too_early' ? t('noShow.tooEarly') : err instanceof ApiError && err.status === 409 ? t('noShow.notNow') : t('toasts.statusFailed'),
          variant: 'destructive',
        }),
    );

  return (
    <div className="mt-4 border-t border-stone-100 pt-4 dark:border-stone-800">
      <Button variant="outline" size="sm" className="border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950/40" onClick={() => setOpen(true)}>
        <UserX className="h-4 w-4" aria-hidden />
        {t(`noShow.${key}.button`)}
      </Button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title={t(`noShow.${key}.title`)}
        description={side === 'traveler' ? t('noShow.guide.body', { amount: amount(deposit) }) : t('noShow.traveler.body')}
        closeLabel={t('bookings:close')}
      >
        <TextAreaField wrapperClassName="mt-4" label={t('noShow.noteLabel')} hint={t('noShow.noteHint')} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('noShow.back')}
          </Button>
          <Button variant="danger" busy={report.isPending} onClick={confirm}>
            {t(`noShow.${key}.confirm`)}
          </Button>
        </div>
      </Sheet>
    </div>
  );
}
