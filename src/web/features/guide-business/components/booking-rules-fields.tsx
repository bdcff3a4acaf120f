import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUFFER_MINUTES_MAX, BUFFER_MINUTES_STEP, type RatesReply } from '../../../../shared/schemas/guide-business';
import { SelectField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { formatInstant } from '../../../lib/format';

/** Instant booking, the minimum notice, the buffer (decision 153) and selling through resellers (decision 201). */
export interface RulesForm {
  instantBook: boolean;
  minNoticeHours: number;
  bufferMinutes: number;
  sellsThroughResellers: boolean;
}

/** The notices a guide picks from (the API takes any whole hour of 0–168; a stored other value is kept). */
const NOTICE_HOURS = [0, 2, 4, 6, 12, 24, 48, 72, 168];
const BUFFERS = Array.from({ length: BUFFER_MINUTES_MAX / BUFFER_MINUTES_STEP + 1 }, (_, i) => i * BUFFER_MINUTES_STEP);

export const rulesFormOf = (d: RatesReply): RulesForm => ({
  instantBook: d.instantBook,
  minNoticeHours: d.minNoticeHours,
  bufferMinutes: d.bufferMinutes,
  sellsThroughResellers: d.sellsThroughResellers,
});

export function BookingRulesFields({
  form,
  set,
  pausedUntil,
}: {
  form: RulesForm;
  set: (patch: Partial<RulesForm>) => void;
  pausedUntil: string | null;
}) {
  const { t } = useTranslation('guideBusiness');
  const locale = currentLocale();
  // The form is read once when it opens: the pause as of then.
  const [now] = useState(() => Date.now());
  const paused = pausedUntil !== null && Date.parse(pausedUntil) > now;
  const notices = [...new Set([...NOTICE_HOURS, form.minNoticeHours])].sort((a, b) => a - b);
  return (
    <fieldset className="mt-6">
      <legend className="font-semibold">{t('rates.rules.title')}</legend>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('rates.rules.intro')}</p>
      <label className="mt-3 flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-stone-300 text-primary-600"
          checked={form.instantBook}
          onChange={(e) => set({ instantBook: e.target.checked })}
        />
        {t('rates.rules.instantBook')}
      </label>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('rates.rules.instantBookHint')}</p>
      {paused && (
        <p
          role="status"
          className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('rates.rules.paused', { date: formatInstant(pausedUntil, locale, 'Asia/Tokyo').date })}
        </p>
      )}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('rates.rules.minNotice')}
          hint={t('rates.rules.minNoticeHint')}
          value={form.minNoticeHours}
          onChange={(e) => set({ minNoticeHours: Number(e.target.value) })}
        >
          {notices.map((h) => (
            <option key={h} value={h}>
              {h === 0 ? t('rates.rules.noticeNone') : t('rates.rules.noticeHours', { count: h })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('rates.rules.buffer')}
          hint={t('rates.rules.bufferHint')}
          value={form.bufferMinutes}
          onChange={(e) => set({ bufferMinutes: Number(e.target.value) })}
        >
          {BUFFERS.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? t('rates.rules.bufferNone') : t('rates.rules.bufferMinutes', { count: m })}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-stone-300 text-primary-600"
          checked={form.sellsThroughResellers}
          onChange={(e) => set({ sellsThroughResellers: e.target.checked })}
        />
        {t('rates.rules.resellers')}
      </label>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('rates.rules.resellersHint')}</p>
    </fieldset>
  );
}
