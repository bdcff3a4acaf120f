import { CalendarClock, Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayInZone } from '../../../../shared/availability';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { RescheduleProposal } from '../../../../shared/schemas/reschedule';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-select';
import { TextAreaField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { currentLocale, i18next } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import type { Locale } from '../../../../shared/locales';
import { zonedClockTime } from '../../../../shared/booking/schedule';
import { spanText } from '../../../../shared/booking/span-text';
import { useSlots } from '../api/get-slots';
import { useAnswerReschedule, useProposeReschedule } from '../api/reschedule';
import { endTime, formatCalendarDate, formatDeadline } from '../../../lib/format';
import { Sheet } from '../../../components/ui/sheet';
import { DeclineReasonSheet } from './decline-reason-sheet';
import { SlotPicker } from './slot-picker';
import type { TextLanguage } from '../../../../shared/guide-texts';
import { htmlLang } from '../../../components/ui/machine-translated';

type Side = 'traveler' | 'guide';

/**
 * "Sat, Nov 28, 2026 13:30–15:30 (Japan time)" / "2026年11月28日（周六） 13:30–15:30（日本时间）" /
 * "2026年11月28日(土) 13:30〜15:30（日本時間）": the range as every tour time writes it (`TourTime`).
 */
function slotLabel(date: string, start: string, hours: number, zone: string, locale: Locale, days = 1) {
  const range = i18next.t('common:tourTime.range', { start, end: endTime(start, hours), zone, lng: locale });
  // Several days (decision 154): every day, each at the same hours. No space after a full-width bracket
  // (locales/VOICE.md).
  if (days > 1) return `${spanText(date, days, locale)}${locale === 'en' ? ' · ' : '· '}${range}`;
  return `${formatCalendarDate(date, locale, { weekday: 'short' })} ${range}`;
}

/** Where a person's words go in a translated sentence: no translation or person writes it. */
const WORDS = '\u0000';

/**
 * A sentence of the interface with a person's words in it ("Reason: {{reason}}"), the words marked with
 * the language the server told for them (decision 175): the sentence is translated with a mark where
 * the words go, and the words are put there in an element of their own.
 */
function WithWords({
  sentence,
  words,
  lang,
}: {
  sentence: (mark: string) => string;
  words: string;
  lang?: TextLanguage;
}) {
  const [before, after = ''] = sentence(WORDS).split(WORDS);
  return (
    <>
      {before}
      <span lang={lang && htmlLang(lang)}>{words}</span>
      {after}
    </>
  );
}

function problem(err: unknown): string {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code === 'slot_unavailable') return 'toasts.slotTaken';
  if (code === 'day_unavailable') return 'toasts.dayUnavailable';
  if (code === 'reschedule_open') return 'toasts.open';
  if (code === 'reschedule_closed') return 'toasts.closed';
  return 'toasts.failed';
}

/**
 * Rescheduling on a booking card (decision 079), for either side of a confirmed or upcoming
 * booking: 'Propose a new time' (a date and one of the guide's free start times), an open proposal
 * with Accept / Decline (with a reason) for the side that answers it and its status for the side that
 * made it, and how the last one ended (the decline reason, an expiry, the time it moved from).
 */
export function ReschedulePanel({ booking: b, side }: { booking: Booking; side: Side }) {
  const { t } = useTranslation(['reschedule', 'bookings']);
  const locale = currentLocale();
  const [proposing, setProposing] = useState(false);
  const [declining, setDeclining] = useState(false);
  const answer = useAnswerReschedule();
  if (b.status !== 'confirmed' && b.status !== 'upcoming') return null;
  const p = b.reschedule ?? null;
  const other = side === 'traveler' ? b.guide.fullName : b.traveler.fullName;
  const zone = b.timeZone === 'Asia/Tokyo' ? t('bookings:japanTime') : b.timeZone;
  const slot = (q: Pick<RescheduleProposal, 'date' | 'startTime'>) =>
    slotLabel(q.date, q.startTime, b.duration, zone, locale, b.days);
  const open = p?.status === 'open';
  const canPropose = Boolean(b.reschedulable) && !open;
  if (!p && !canPropose) return null;

  // mutateAsync: the toast shows even when the booking's live event has already re-rendered the list without this card.
  const accept = (q: RescheduleProposal) =>
    answer.mutateAsync({ id: b.id, proposalId: q.id, answer: 'accept' }).then(
      () =>
        showToast({
          title: t('toasts.accepted'),
          description: t('toasts.acceptedBody', { slot: slot(q) }),
          variant: 'success',
        }),
      (err) => showToast({ title: t('toasts.errorTitle'), description: t(problem(err)), variant: 'destructive' }),
    );

  return (
    <section aria-label={t('region')} className="mt-3 space-y-2 text-sm">
      {p && open && !p.mine && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 dark:border-amber-700 dark:bg-amber-950/40">
          <p className="flex items-start gap-2 font-semibold text-amber-900 dark:text-amber-100">
            <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('incoming.title', { name: other })}
          </p>
          <p className="mt-1 font-medium tabular-nums">{slot(p)}</p>
          <p className="text-stone-600 dark:text-stone-400">
            {t('incoming.was', { slot: slot({ date: p.fromDate, startTime: p.fromStartTime }) })}
          </p>
          {p.reason && (
            <p className="mt-1 whitespace-pre-line break-words">
              <WithWords
                sentence={(reason) => t('incoming.note', { reason })}
                words={p.reason}
                lang={p.reasonLanguage}
              />
            </p>
          )}
          <p className="mt-1 text-amber-800 dark:text-amber-200">
            {t('incoming.answerBy', formatDeadline(p.expiresAt, locale, b.timeZone, t('bookings:japanTime')))}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" busy={answer.isPending} onClick={() => accept(p)}>
              <Check className="h-4 w-4" aria-hidden />
              {t('incoming.accept')}
            </Button>
            <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => setDeclining(true)}>
              <X className="h-4 w-4" aria-hidden />
              {t('incoming.decline')}
            </Button>
          </div>
          <DeclineRescheduleDialog
            booking={b}
            proposal={p}
            other={other}
            open={declining}
            onOpenChange={setDeclining}
          />
        </div>
      )}
      {p && open && p.mine && (
        <div className="rounded-lg bg-primary-50 px-3 py-3 text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">
          <p className="flex items-start gap-2 font-semibold">
            <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('outgoing.title')}
          </p>
          <p className="mt-1 font-medium tabular-nums">{slot(p)}</p>
          <p className="mt-1">
            {t('outgoing.waiting', {
              name: other,
              ...formatDeadline(p.expiresAt, locale, b.timeZone, t('bookings:japanTime')),
            })}
          </p>
        </div>
      )}
      {p?.status === 'declined' && (
        <div className="rounded-lg bg-stone-100 px-3 py-2 dark:bg-stone-800">
          <p>{p.mine ? t('declined.mine', { name: other, slot: slot(p) }) : t('declined.theirs', { slot: slot(p) })}</p>
          {p.declineReason && (
            <p className="whitespace-pre-line break-words text-stone-600 dark:text-stone-400">
              <WithWords
                sentence={(reason) => t('declined.reason', { reason })}
                words={p.declineReason}
                lang={p.declineReasonLanguage}
              />
            </p>
          )}
        </div>
      )}
      {p?.status === 'expired' && (
        <p className="text-stone-600 dark:text-stone-400">{t('expired', { slot: slot(p) })}</p>
      )}
      {p?.status === 'accepted' && (
        <p className="text-stone-600 dark:text-stone-400">
          {t('moved', { slot: slot({ date: p.fromDate, startTime: p.fromStartTime }) })}
        </p>
      )}
      {canPropose && (
        <>
          <Button size="sm" variant="outline" onClick={() => setProposing(true)}>
            <CalendarClock className="h-4 w-4" aria-hidden />
            {t('propose')}
          </Button>
          <ProposeDialog booking={b} other={other} zone={zone} open={proposing} onOpenChange={setProposing} />
        </>
      )}
    </section>
  );
}

/** Date, one of the guide's free start times (the booking box's slots), and an optional note. */
function ProposeDialog({
  booking: b,
  other,
  zone,
  open,
  onOpenChange,
}: {
  booking: Booking;
  other: string;
  zone: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation(['reschedule', 'bookings']);
  const locale = currentLocale();
  const propose = useProposeReschedule();
  const errorId = useId();
  const [date, setDate] = useState<string | null>(null);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const days = b.days ?? 1;
  // Several days move together to a new first day at the same hours: the starts whose every day is free (decision 154).
  // The booking's own time is free for its new time (a span moved by a day overlaps itself).
  const slots = useSlots(b.guideId, open ? date : null, b.duration, days, b.id);
  const today = todayInZone(b.timeZone);
  const reply =
    slots.data && slots.data.date === date && slots.data.durationHours === b.duration ? slots.data : undefined;
  // Several days keep their daily start: the last day's, since day 1 may start later after a same-day replacement
  // (decision 140, amended).
  const dailyStart =
    days > 1 && b.schedule?.length
      ? zonedClockTime(new Date(b.schedule.at(-1)!.startsAt), b.timeZone)
      : b.scheduledStartTime;
  // The booked time itself is not a new time; several days keep their hours.
  const choices = reply
    ? {
        ...reply,
        slots: reply.slots.filter(
          (s) => !(date === b.date && s.startTime === dailyStart) && (days === 1 || s.startTime === dailyStart),
        ),
      }
    : undefined;
  const reset = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setDate(null);
      setStartTime(null);
      setNote('');
      setError(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!date) return setError(t('sheet.pickDate'));
    if (!startTime) return setError(t('sheet.pickTime'));
    propose.mutate(
      { id: b.id, body: { date, startTime, ...(note.trim() && { reason: note.trim().slice(0, 500) }) } },
      {
        onSuccess: () => {
          reset(false);
          showToast({
            title: t('toasts.proposed'),
            description: t('toasts.proposedBody', { name: other }),
            variant: 'success',
          });
        },
        onError: (err) => setError(t(problem(err))),
      },
    );
  };
  return (
    <Sheet
      open={open}
      onOpenChange={reset}
      title={t('sheet.title')}
      description={t('sheet.description', { name: other })}
      closeLabel={t('bookings:close')}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-describedby={error ? errorId : undefined}>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {t('sheet.current', { slot: slotLabel(b.date, b.scheduledStartTime, b.duration, zone, locale, days) })}
        </p>
        {days > 1 && (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {t('sheet.daysTogether', { count: days, time: dailyStart })}
          </p>
        )}
        <DateField
          label={days > 1 ? t('sheet.firstDay') : t('sheet.date')}
          min={addDays(today, 1)}
          value={date ?? ''}
          onChange={(value) => {
            setDate(value || null);
            setStartTime(null);
            setError(null);
          }}
          hint={date ? formatCalendarDate(date, locale, { weekday: 'short' }) : undefined}
        />
        {date &&
          (slots.isError ? (
            <p className="text-sm text-danger-600 dark:text-red-400">{t('sheet.slotsError')}</p>
          ) : !choices ? (
            <p className="text-sm text-stone-500" aria-live="polite">
              {t('sheet.loading')}
            </p>
          ) : choices.slots.length === 0 ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('sheet.noSlots')}</p>
          ) : (
            <SlotPicker
              reply={choices}
              value={startTime}
              zoneLabel={zone}
              onChange={(s) => {
                setStartTime(s);
                setError(null);
              }}
            />
          ))}
        <TextAreaField
          label={t('sheet.note', { name: other })}
          value={note}
          maxLength={500}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
        <p className="text-xs text-stone-500 dark:text-stone-400">{t('sheet.samePrice')}</p>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-danger-600 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => reset(false)}>
            {t('sheet.back')}
          </Button>
          <Button type="submit" busy={propose.isPending}>
            {t('sheet.send')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}

/** Declining needs a reason: the proposer sees it on their card, in the notification and the e-mail. */
function DeclineRescheduleDialog({
  booking: b,
  proposal,
  other,
  open,
  onOpenChange,
}: {
  booking: Booking;
  proposal: RescheduleProposal;
  other: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation(['reschedule', 'bookings']);
  const answer = useAnswerReschedule();
  return (
    <DeclineReasonSheet
      open={open}
      onOpenChange={onOpenChange}
      text={(part) => t(`declineSheet.${part}`, { name: other })}
      busy={answer.isPending}
      decline={(reason) =>
        answer.mutateAsync({ id: b.id, proposalId: proposal.id, answer: 'decline', reason }).then(() =>
          showToast({
            title: t('toasts.declined'),
            description: t('toasts.declinedBody', { name: other }),
            variant: 'success',
          }),
        )
      }
      refusal={(err) => t(problem(err))}
    />
  );
}
