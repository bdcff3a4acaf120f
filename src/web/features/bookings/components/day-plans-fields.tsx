import { useTranslation } from 'react-i18next';
import { MAX_DAY_PLAN_CHARS, type DayPlanInput } from '../../../../shared/schemas/booking-family';
import { FieldShell, inputClass, TextAreaField, TextField } from '../../../components/ui/form';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { MeetingPointInput } from '../../meeting-points';

/** One day's plan as typed: every field may stay empty. */
export interface DayPlanDraft {
  meetingAddress: string;
  meetingPostalCode?: string;
  meetingLat?: number;
  meetingLng?: number;
  startTime: string;
  plan: string;
}

const emptyDayPlan = (): DayPlanDraft => ({ meetingAddress: '', startTime: '', plan: '' });

/** The plans the API takes (decision 178): only days with something in them, each field only when given. */
export function dayPlansBody(plans: readonly DayPlanDraft[]): DayPlanInput[] {
  return plans
    .map((p, i) => ({
      day: i + 1,
      ...(p.meetingAddress.trim() && {
        meetingAddress: p.meetingAddress.trim(),
        ...(p.meetingPostalCode && { meetingPostalCode: p.meetingPostalCode }),
        ...(p.meetingLat !== undefined &&
          p.meetingLng !== undefined && { meetingLat: p.meetingLat, meetingLng: p.meetingLng }),
      }),
      ...(p.startTime && { startTime: p.startTime }),
      ...(p.plan.trim() && { plan: p.plan.trim() }),
    }))
    .filter((p) => Object.keys(p).length > 1);
}

/**
 * "Plan for each day" (decision 178): for each day of several, where and when to meet and what the day
 * is for, all optional. The place is typed or chosen from the list as the booking's own is; day 1
 * without one is met at the booking's place. Native fields in order, so Tab walks day by day.
 */
export function DayPlansFields({
  dates,
  city,
  plans,
  onChange,
  disabled,
}: {
  dates: readonly string[];
  city?: string | null;
  plans: readonly DayPlanDraft[];
  onChange: (plans: DayPlanDraft[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const set = (i: number, patch: Partial<DayPlanDraft>) =>
    onChange(dates.map((_, j) => ({ ...(plans[j] ?? emptyDayPlan()), ...(j === i ? patch : {}) })));
  return (
    <ol className="space-y-4" data-testid="day-plans">
      {dates.map((date, i) => {
        const p = plans[i] ?? emptyDayPlan();
        return (
          <li key={date}>
            <fieldset className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
              <legend className="px-1 text-sm font-semibold">
                {t('family.dayN', {
                  n: i + 1,
                  date: formatCalendarDate(date, locale, { weekday: 'short', year: undefined }),
                })}
              </legend>
              <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
                <FieldShell label={t('family.place')} hint={i === 0 ? t('family.placeDayOne') : undefined}>
                  {({ id, describedBy }) => (
                    <MeetingPointInput
                      id={id}
                      aria-describedby={describedBy}
                      className={inputClass}
                      placeholder={t('family.placePlaceholder')}
                      maxLength={300}
                      disabled={disabled}
                      city={city}
                      value={p.meetingAddress}
                      // Typing over a listed place makes it a typed one: its coordinates and postal code go.
                      onChange={(text) =>
                        set(i, {
                          meetingAddress: text,
                          meetingPostalCode: undefined,
                          meetingLat: undefined,
                          meetingLng: undefined,
                        })
                      }
                      onPick={(picked) =>
                        set(i, {
                          meetingAddress: picked.meetingAddress,
                          meetingPostalCode: picked.meetingPostalCode,
                          meetingLat: picked.meetingLat,
                          meetingLng: picked.meetingLng,
                        })
                      }
                    />
                  )}
                </FieldShell>
                <TextField
                  label={t('family.time')}
                  type="time"
                  step={300}
                  value={p.startTime}
                  disabled={disabled}
                  onChange={(e) => set(i, { startTime: e.target.value })}
                />
                <TextAreaField
                  wrapperClassName="sm:col-span-2"
                  label={t('family.plan')}
                  placeholder={t('family.planPlaceholder')}
                  maxLength={MAX_DAY_PLAN_CHARS}
                  rows={2}
                  className="min-h-0"
                  value={p.plan}
                  disabled={disabled}
                  onChange={(e) => set(i, { plan: e.target.value })}
                />
              </div>
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}
