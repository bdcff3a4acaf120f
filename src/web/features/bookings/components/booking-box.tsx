import { CalendarCheck2, ShieldCheck } from 'lucide-react';
import { BesideText } from '../../../components/ui/beside-text';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../../shared/availability';
import { clashingBooking } from '../../../../shared/booking/traveler-busy';
import { defaultDayHours, tourDates } from '../../../../shared/booking/tour-days';
import type { SlotsReply } from '../../../../shared/schemas/slots';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../../shared/locales';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-select';
import { SelectField } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDraftPrice } from '../hooks/use-draft-price';
import { useSlots } from '../api/get-slots';
import { useTravelerBookings } from '../api/get-traveler-bookings';
import { durationText, formatCalendarDate, formatInstant, localName, zoneName } from '../../../lib/format';
import { usePriceText } from '../../../lib/prices';
import { dayFigureText, figureText } from '../lib/price';
import { refusalText } from '../lib/refusal-text';
import {
  dateBounds,
  dayHoursOptions,
  durationOptions,
  nextOpenDay,
  soldDays,
  type BookableGuide,
  type BookingDraft,
} from '../lib/selection';
import { GroupSteppers } from './group-steppers';
import { FamilyChoices } from './family-choices';
import { PriceBreakdown } from './price-breakdown';
import { DaysPicker } from './days-picker';
import { SlotPicker } from './slot-picker';
import { withGap } from '../../../lib/cjk-spacing';

export const zoneLabelKey = (timeZone: string) => (timeZone === 'Asia/Tokyo' ? 'japanTime' : null);

/**
 * The booking box of a guide's profile (Airbnb Experiences / Klook style): date, start time from the
 * guide's real availability in Japan time, duration and group within the guide's ranges, the service,
 * and the total with its breakdown — all before Book.
 */
export function BookingBox({
  guide,
  draft,
  onChange,
  onBook,
  travelersAdjusted,
  lengthAdjusted,
  variant = 'card',
}: {
  guide: BookableGuide;
  draft: BookingDraft;
  onChange: (patch: Partial<BookingDraft>) => void;
  onBook: () => void;
  travelersAdjusted?: boolean;
  /** The searched length is not one the guide sells: the box shows the nearest and says so (decision 176). */
  lengthAdjusted?: boolean;
  /** card: the choices scroll inside a sticky card while the price and Book stay in view; sheet: in a bottom sheet. */
  variant?: 'card' | 'sheet';
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  // By the day (decision 176): 1–7 days of the hours chosen below, asked of the server as days even when one.
  const byDay = draft.days !== undefined;
  const days = draft.days ?? 1;
  const slots = useSlots(guide.id, draft.date, draft.durationHours, days, undefined, byDay);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  // Why Book did not go on, beside the button: never a silent button (decision 176).
  const [bookError, setBookError] = useState<string | null>(null);
  const change = (patch: Partial<BookingDraft>) => {
    setBookError(null);
    onChange(patch);
  };
  const timesRef = useRef<HTMLFieldSetElement>(null);
  const bounds = dateBounds(guide.timeZone);
  const zoneLabel = zoneLabelKey(guide.timeZone) ? t('japanTime') : guide.timeZone;
  const { price: shown, refused } = useDraftPrice(guide, draft);
  const price = shown!;
  const money = usePriceText().price;
  const own = guide.currency ?? 'CNY';
  const reply =
    slots.data &&
    slots.data.date === draft.date &&
    slots.data.durationHours === draft.durationHours &&
    (slots.data.days ?? 1) === days
      ? slots.data
      : undefined;
  const chosen = reply?.slots.some((s) => s.startTime === draft.startTime) ? draft.startTime : null;
  const nextDay =
    draft.date && days === 1 && reply && reply.slots.length === 0 ? nextOpenDay(guide, addDays(draft.date, 1)) : null;
  const nearest = reply?.nearestDates ?? [];
  // What the server refused, in words: a length, a group, the slots' question (decision 176).
  const choice = {
    date: draft.date,
    days,
    timeZone: guide.timeZone,
    minPeople: guide.minPeople,
    maxPeople: guide.maxPeople,
    minHours: guide.minDuration,
    maxHours: guide.maxDuration,
  };
  const refusedText = refused ? refusalText(t, refused, choice, locale) : null;
  const slotsRefusal =
    slots.isError && slots.error instanceof ApiError && slots.error.status < 500
      ? refusalText(t, { code: slots.error.code, fields: slots.error.body?.fields }, choice, locale)
      : null;
  const noTimes = reply && reply.slots.length === 0 ? noTimesText(t, reply, days, locale) : null;
  // A signed-in traveler is told before checkout when they are booked elsewhere at the chosen time.
  const session = useSession();
  const trips = useTravelerBookings(session?.user.id);
  const slot = reply?.slots.find((s) => s.startTime === chosen);
  const clash =
    slot && trips.data ? clashingBooking(trips.data.data, new Date(slot.startsAt), new Date(slot.endsAt)) : undefined;

  const book = () => {
    if (!draft.date) {
      setDateError(t('box.pickDate'));
      setBookError(t('box.pickDate'));
      return;
    }
    // What stands in the way of this choice, said beside the button.
    const stop =
      refusedText ??
      (slots.isError ? (slotsRefusal ?? t('box.slotsFailed')) : !reply ? t('box.loadingTimes') : noTimes);
    if (stop) {
      setBookError(stop);
      return;
    }
    if (!chosen) {
      setTimeError(t('box.chooseTime'));
      setBookError(t('box.chooseTime'));
      timesRef.current?.focus();
      return;
    }
    onBook();
  };

  return (
    <div className={cn('flex flex-col', variant === 'card' && 'max-h-[calc(100vh-11.5rem)] min-h-0')}>
      <div className={cn('space-y-3.5', variant === 'card' && 'min-h-0 flex-1 overflow-y-auto p-5')}>
        <div>
          <p className="text-2xl font-bold" data-testid="box-hourly">
            <BesideText text={t('perHourPrice', { price: money(guide.basicPricePerHourCents, own) })} />
          </p>
          <p className="mt-0.5 text-sm text-stone-600 dark:text-stone-400">
            {t('additionalPersonPrice', { price: money(guide.additionalPricePerPersonCents, own) })}
          </p>
        </div>
        <DateField
          label={t('box.date')}
          min={bounds.min}
          max={bounds.max}
          value={draft.date ?? ''}
          required
          error={dateError}
          onChange={(date) => {
            setTimeError(null);
            setDateError(null);
            change({ date: date || null });
          }}
          hint={draft.date ? formatCalendarDate(draft.date, locale, { weekday: 'short' }) : undefined}
        />
        <DaysPicker
          days={draft.days}
          date={draft.date}
          dayHours={draft.durationHours}
          // Days are hours the guide sells (decision 176): from hours to days, the guide's usual day; another
          // number of days keeps the day's hours; back to hours, the shortest tour.
          onChange={(n) =>
            change({
              days: n,
              durationHours:
                n === undefined
                  ? (durationOptions(guide)[0] ?? guide.minDuration)
                  : byDay
                    ? draft.durationHours
                    : defaultDayHours(soldDays(guide)),
            })
          }
        />
        <SelectField
          label={byDay ? t('box.dayHours') : t('box.duration')}
          value={String(draft.durationHours)}
          onChange={(e) => change({ durationHours: Number(e.target.value) })}
          hint={
            lengthAdjusted
              ? t('box.lengthAdjusted', {
                  min: guide.minDuration,
                  max: guide.maxDuration,
                  hours: durationText(draft.durationHours, locale),
                })
              : undefined
          }
        >
          {(byDay ? dayHoursOptions(guide) : durationOptions(guide)).map((h) => (
            <option key={h} value={h}>
              {durationText(h, locale)}
            </option>
          ))}
        </SelectField>
        <GroupSteppers
          guide={guide}
          group={draft}
          onChange={change}
          hint={travelersAdjusted ? t('box.groupRange', { min: guide.minPeople, max: guide.maxPeople }) : undefined}
        />
        <FamilyChoices guide={guide} family={draft} onChange={change} />
        {guide.services.length > 0 && (
          <SelectField
            label={t('box.service')}
            value={draft.subcategoryId === null ? '' : String(draft.subcategoryId)}
            onChange={(e) => change({ subcategoryId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('box.anyService')}</option>
            {guide.services.map((s) => (
              <option key={s.id} value={s.id}>
                {t('box.serviceOptionPrice', { name: localName(s, locale), price: money(s.priceCents, own) })}
              </option>
            ))}
          </SelectField>
        )}
        {!draft.date ? null : slotsRefusal ? (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {slotsRefusal}
          </p>
        ) : slots.isError ? (
          <p role="alert" className="rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
            {withGap(t('box.slotsFailed'))}
            <button
              type="button"
              className="font-medium text-primary-700 underline dark:text-primary-300"
              onClick={() => void slots.refetch()}
            >
              {t('retry')}
            </button>
          </p>
        ) : !reply ? (
          <div
            aria-busy="true"
            aria-label={t('box.loadingTimes')}
            className="h-20 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800"
          />
        ) : noTimes ? (
          <div className="rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800" aria-live="polite">
            <p>{noTimes}</p>
            {nearest.length > 0 ? (
              // The nearest start dates whose every day has a start (decision 197), one tap each.
              <div className="mt-2" data-testid="nearest-dates">
                <p className="text-xs text-stone-600 dark:text-stone-400">
                  {days > 1 ? t('box.nearestStarts', { days }) : t('box.nearestDates')}
                </p>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {nearest.map((d) => (
                    <Button key={d} variant="outline" size="sm" onClick={() => change({ date: d })}>
                      {formatCalendarDate(d, locale, { weekday: 'short' })}
                    </Button>
                  ))}
                </div>
              </div>
            ) : (
              nextDay && (
                <Button variant="outline" size="sm" className="mt-2" onClick={() => change({ date: nextDay })}>
                  {t('box.nextDay', { date: formatCalendarDate(nextDay, locale, { weekday: 'short' }) })}
                </Button>
              )
            )}
          </div>
        ) : (
          <SlotPicker
            reply={reply}
            value={chosen}
            onChange={(startTime) => {
              setTimeError(null);
              change({ startTime });
            }}
            zoneLabel={zoneLabel}
            error={timeError}
            groupRef={timesRef}
          />
        )}
        {clash && (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {t('box.travelerBusy', {
              number: clash.bookingNumber,
              guide: clash.guide.fullName,
              // A tour's time on its own clock, labelled, as every card writes it.
              time: `${formatInstant(clash.startsAt, locale, clash.timeZone).time}–${formatInstant(clash.endsAt, locale, clash.timeZone).time}`,
              zone: zoneName(clash.timeZone, t('japanTime')),
            })}
          </p>
        )}
        {refusedText ? (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {refusedText}
          </p>
        ) : (
          <PriceBreakdown price={price} estimate className="rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60" />
        )}
        <p className="flex items-start gap-1.5 text-xs text-stone-500 dark:text-stone-400">
          <ShieldCheck className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
          {t('box.hint')}
        </p>
        {/* Decision 153: the guide confirms a paid booking at once. */}
        {reply?.instantBook && (
          <p className="text-xs font-medium text-sky-800 dark:text-sky-200">{t('box.instantBook')}</p>
        )}
      </div>
      <div
        className={
          variant === 'card'
            ? 'border-t border-stone-200 px-5 pb-5 pt-3 dark:border-stone-800'
            : 'sticky -bottom-5 -mx-5 mt-4 border-t border-stone-200 bg-white px-5 pb-5 pt-3 dark:border-stone-800 dark:bg-stone-900'
        }
      >
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-sm text-stone-600 dark:text-stone-400">{t('price.total')}</span>
          <span className="text-right text-lg font-bold tabular-nums" data-testid="box-total">
            {/* A price the server refuses is no price (decision 176). */}
            {refusedText ? t('box.noPrice') : <BesideText text={figureText(price, 'total', locale)} />}
          </span>
        </div>
        {!refusedText && dayFigureText(price, locale) && (
          <p className="text-right text-xs text-stone-600 dark:text-stone-400" data-testid="box-day">
            <BesideText text={t('box.perDay', { price: dayFigureText(price, locale) })} />
          </p>
        )}
        {!refusedText && (
          <p className="text-right text-xs text-stone-600 dark:text-stone-400">
            <BesideText text={t('box.depositNowPrice', { price: figureText(price, 'deposit', locale) })} />
          </p>
        )}
        {bookError && (
          <p role="alert" className="mt-2 text-sm text-danger-600 dark:text-red-400" data-testid="book-error">
            {bookError}
          </p>
        )}
        <Button variant="accent" size="lg" className="mt-3 w-full" disabled={!!clash} onClick={book}>
          <CalendarCheck2 className="h-5 w-5" aria-hidden />
          {t('box.book')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Why no start time is offered (decision 176): for several days, the days whose hours cannot hold the
 * day's length (the slots' `closedDays`), else that no start is free on every day; for one day, none left.
 */
function noTimesText(t: TFunction, reply: SlotsReply, days: number, locale: Locale): string {
  if (days <= 1) return t('box.noTimes');
  const closed = reply.closedDays ?? [];
  if (closed.length === 0) return t('box.noTimesDays');
  const all = tourDates(reply.date, days);
  const named = closed.map((d) =>
    t('problems.refused.dayN', { n: all.indexOf(d) + 1, date: formatCalendarDate(d, locale, { year: undefined }) }),
  );
  return t('box.closedDays', {
    count: closed.length,
    days: named.join(t('problems.refused.listSeparator')),
    hours: durationText(reply.durationHours, locale),
  });
}
