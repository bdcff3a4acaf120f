// One guide offered to take over a cancelled or missed tour, with their start and price: the replacement panel's list
// item, apart from the panel's choosing and refunding.
import { BadgeCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReplacementCandidate } from '../../../../shared/schemas/replacements';
import { Button } from '../../../components/ui/button';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { viewerTime, zoneName } from '../../../lib/format';
import { formatMoney } from '../../../../shared/money-format';
import type { Currency } from '../../../../shared/currency';
import { currentLocale } from '../../../lib/i18n';
import { Rating } from '../../guides';

/** The rest of a tour of several days after day 1, as booked: its dates and daily start. */
type Rest = { dates: string; time: string } | null;

/**
 * One guide who could take the tour over: who, how rated, which languages, and what the traveler pays;
 * with `start` (the tour's day and zone, after a no-show) also when this guide would start, and the
 * booked hours they keep on the days after.
 */
export function Candidate({
  candidate: c,
  start,
  bookedTotalCents,
  currency,
  busy,
  disabled,
  onChoose,
}: {
  candidate: ReplacementCandidate;
  start: { date: string; timeZone: string; rest: Rest } | null;
  bookedTotalCents: number;
  currency: Currency;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation(['trips', 'bookings', 'guides']);
  const nameId = `candidate-${c.guideId}`;
  const noExtra = c.coveredCents > 0 || c.totalCents === bookedTotalCents;
  const money = (cents: number) => formatMoney(cents, currency, currentLocale());
  return (
    <li
      aria-labelledby={nameId}
      data-testid="replacement-candidate"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-3 text-stone-800 shadow-sm dark:bg-stone-900 dark:text-stone-100"
    >
      <UserAvatar
        user={{ id: c.guideId, fullName: c.fullName, nickname: null, profilePicture: c.profilePicture }}
        size={44}
      />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="truncate font-semibold">
          {c.fullName}
        </p>
        {start && <StartTime candidate={c} {...start} />}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-stone-600 dark:text-stone-400">
          <Rating rating={c.rating} count={c.reviewCount} className="text-xs" />
          <span>{c.languages.map((l) => t(`guides:languages.${l}`, { defaultValue: l })).join(' · ')}</span>
          {c.licensed && (
            <span className="inline-flex items-center gap-0.5 font-medium text-success-600 dark:text-green-400">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
              {t('replacement.licensed')}
            </span>
          )}
        </div>
        {/* The note wraps as one piece under the price on a phone, not split from its own start. */}
        <p
          className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs tabular-nums"
          data-testid="candidate-price"
        >
          <span>{t('replacement.pays', { total: money(c.totalCents), balance: money(c.balanceCents) })}</span>
          {noExtra ? (
            <span className="whitespace-nowrap rounded-full bg-success-600/10 px-1.5 py-0.5 font-medium text-green-800 dark:text-green-400">
              {t('replacement.noExtra')}
            </span>
          ) : (
            c.totalCents < bookedTotalCents && (
              <span className="whitespace-nowrap text-stone-600 dark:text-stone-400">
                {t('replacement.less', { amount: money(bookedTotalCents - c.totalCents) })}
              </span>
            )
          )}
        </p>
      </div>
      <Button
        variant="primary"
        size="sm"
        className="w-full sm:w-auto"
        busy={busy}
        disabled={disabled}
        onClick={onChoose}
        aria-label={t('replacement.chooseLabel', { guide: c.fullName })}
      >
        {t('replacement.choose')}
      </Button>
    </li>
  );
}

/**
 * "Starts 14:30 (Japan time)": the candidate's own start later that day, on the tour's clock, with the
 * traveler's own time beside it when it differs (docs/rules/look-and-language.md), as the trip card writes its time;
 * on a tour of several days, then the other days at the booked hours ("Then Dec 13–14 from 09:00, as booked").
 */
function StartTime({
  candidate: c,
  date,
  timeZone,
  rest,
}: {
  candidate: ReplacementCandidate;
  date: string;
  timeZone: string;
  rest: Rest;
}) {
  const { t } = useTranslation(['trips', 'bookings']);
  const own = viewerTime(c.startsAt, date, c.scheduledStartTime, currentLocale());
  return (
    <p data-testid="candidate-start" className="flex flex-wrap items-center gap-x-1.5 text-sm font-medium tabular-nums">
      {/* The clock stays with its time when the line wraps on a phone. */}
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <Clock className="h-3.5 w-3.5 shrink-0" aria-hidden />
        {t('replacement.startsAt', { time: c.scheduledStartTime, zone: zoneName(timeZone, t('bookings:japanTime')) })}
      </span>
      {own && (
        <span className="text-xs font-normal text-stone-500 dark:text-stone-400">
          {own.date
            ? t('bookings:box.yourTimeOn', { time: own.time, date: own.date })
            : t('bookings:box.yourTime', { time: own.time })}
        </span>
      )}
      {rest && (
        <span data-testid="candidate-rest" className="basis-full text-xs font-normal">
          {t('replacement.sameDay.then', rest)}
        </span>
      )}
    </p>
  );
}
