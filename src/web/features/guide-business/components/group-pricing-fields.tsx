import { useTranslation } from 'react-i18next';
import { EXTRA_KINDS, type ExtraKind } from '../../../../shared/booking/money-rules';
import { minorToInput } from '../../../../shared/currency';
import type { RatesReply } from '../../../../shared/schemas/guide-business';
import { SelectField, TextField } from '../../../components/ui/form';

/** One extra as typed: not declared (''), included, or not included with its price or note. */
interface ExtraForm {
  state: '' | 'included' | 'excluded';
  price: string;
  note: string;
}

/** The group pricing fields of the rates form (decision 151), as typed. */
export interface GroupForm {
  includedPeople: string;
  /** A child's share of the additional-person rate, in whole percent. */
  childPercent: string;
  infantsFree: boolean;
  /** A full day's price in the guide's currency; '' when the guide sells by the hour only. */
  dayRate: string;
  dayHours: number;
  extras: Record<ExtraKind, ExtraForm>;
}

const DAY_HOURS_OPTIONS = [6, 7, 8, 9, 10] as const;

/**
 * What a price label names (decision 180): the people the hourly price covers as typed (one while
 * the field holds no valid number), and the labels' `group` wording when that is more than one, as
 * `groupPrice` applies it — the hour's and the day's price for the whole group, each traveler beyond
 * it at the further price, a child beyond it at its share.
 */
export function pricedFor(includedPeople: string): { people: number; context: 'group' | undefined } {
  const n = /^\d{1,2}$/.test(includedPeople.trim()) ? Number(includedPeople) : 1;
  const people = n >= 1 && n <= 20 ? n : 1;
  return { people, context: people > 1 ? 'group' : undefined };
}

export function groupFormOf(d: RatesReply): GroupForm {
  const extras = Object.fromEntries(
    EXTRA_KINDS.map((kind) => {
      const e = d.extras.find((x) => x.kind === kind);
      const state: ExtraForm['state'] = !e ? '' : e.included ? 'included' : 'excluded';
      return [
        kind,
        {
          state,
          price: e?.priceCents === undefined ? '' : minorToInput(e.priceCents, d.currency),
          note: e?.note ?? '',
        },
      ];
    }),
  ) as Record<ExtraKind, ExtraForm>;
  return {
    includedPeople: String(d.includedPeople),
    childPercent: String(Math.round(d.childPriceRate * 100)),
    infantsFree: d.infantsFree,
    dayRate: d.dayRateCents === null ? '' : minorToInput(d.dayRateCents, d.currency),
    dayHours: d.dayHours,
    extras,
  };
}

/**
 * The private-group price, the child rate, infants, the day rate and what a tour includes: each with
 * today's per-person pricing as its default, so a guide who changes nothing is priced as before.
 */
export function GroupPricingFields({
  form,
  set,
  unit,
  dayRateLow = false,
}: {
  form: GroupForm;
  set: (patch: Partial<GroupForm>) => void;
  /** The prices' unit, as the labels name it. */
  unit: string;
  /** The day rate is under the hourly floor (the form's message names it). */
  dayRateLow?: boolean;
}) {
  const { t } = useTranslation('guideBusiness');
  const setExtra = (kind: ExtraKind, patch: Partial<ExtraForm>) =>
    set({ extras: { ...form.extras, [kind]: { ...form.extras[kind], ...patch } } });
  const per = pricedFor(form.includedPeople);
  return (
    <>
      <fieldset className="mt-6">
        <legend className="font-semibold">{t('rates.group.title')}</legend>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('rates.group.intro')}</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('rates.group.includedPeople')}
            hint={t('rates.group.includedPeopleHint')}
            inputMode="numeric"
            value={form.includedPeople}
            onChange={(e) => set({ includedPeople: e.target.value })}
          />
          <TextField
            label={t('rates.group.childPercent')}
            hint={t('rates.group.childPercentHint', per)}
            inputMode="numeric"
            value={form.childPercent}
            onChange={(e) => set({ childPercent: e.target.value })}
          />
          <TextField
            label={t('rates.group.dayRate', { unit, hours: form.dayHours, ...per })}
            hint={t('rates.group.dayRateHint')}
            inputMode="decimal"
            value={form.dayRate}
            aria-invalid={dayRateLow || undefined}
            onChange={(e) => set({ dayRate: e.target.value })}
          />
          <SelectField
            label={t('rates.group.dayHours')}
            value={form.dayHours}
            onChange={(e) => set({ dayHours: Number(e.target.value) })}
          >
            {DAY_HOURS_OPTIONS.map((h) => (
              <option key={h} value={h}>
                {t('rates.group.hours', { count: h })}
              </option>
            ))}
          </SelectField>
        </div>
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-stone-300 text-primary-600"
            checked={form.infantsFree}
            onChange={(e) => set({ infantsFree: e.target.checked })}
          />
          {t('rates.group.infantsFree')}
        </label>
      </fieldset>

      <fieldset className="mt-6">
        <legend className="font-semibold">{t('rates.extras.title')}</legend>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('rates.extras.intro')}</p>
        <ul className="mt-3 space-y-3">
          {EXTRA_KINDS.map((kind) => {
            const e = form.extras[kind];
            const name = t(`rates.extras.kind.${kind}`);
            return (
              <li key={kind} className="grid gap-2 sm:grid-cols-[12rem_1fr]">
                <SelectField
                  label={name}
                  value={e.state}
                  onChange={(ev) => setExtra(kind, { state: ev.target.value as ExtraForm['state'] })}
                >
                  <option value="">{t('rates.extras.unset')}</option>
                  <option value="included">{t('rates.extras.included')}</option>
                  <option value="excluded">
                    {t(kind === 'overtime_hour' ? 'rates.extras.charged' : 'rates.extras.atCost')}
                  </option>
                </SelectField>
                {e.state !== '' &&
                  (kind === 'overtime_hour' ? (
                    e.state === 'excluded' && (
                      <TextField
                        label={t('rates.extras.overtimePrice', { unit })}
                        inputMode="decimal"
                        value={e.price}
                        onChange={(ev) => setExtra(kind, { price: ev.target.value })}
                      />
                    )
                  ) : (
                    <TextField
                      label={t('rates.extras.note', { name })}
                      maxLength={200}
                      value={e.note}
                      onChange={(ev) => setExtra(kind, { note: ev.target.value })}
                    />
                  ))}
              </li>
            );
          })}
        </ul>
      </fieldset>
    </>
  );
}
