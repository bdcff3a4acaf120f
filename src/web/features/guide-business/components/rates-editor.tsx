import { useState } from 'react';
import { localName } from '../../../../shared/locales';
import type { RatesReply } from '../../../../shared/schemas/guide-business';
import { inputToMinor, MAX_PRICE, MIN_HOURLY_PRICE, minorToInput, type Currency } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass, Panel, TextField } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { listText } from '../../../lib/cjk-spacing';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useServiceCategories } from '../../guides';
import { saveErrorKey, useMyRates, useSaveRates } from '../api/guide-business';
import { formKey, QueryFallback } from './query-fallback';
import { EXTRA_KINDS, type GuideExtra } from '../../../../shared/booking/money-rules';
import { GroupPricingFields, groupFormOf, pricedFor, type GroupForm } from './group-pricing-fields';
import { BookingRulesFields, rulesFormOf, type RulesForm } from './booking-rules-fields';
import { CurrencyChoice } from './currency-choice';

/** What is wrong with the form: a `guideBusiness:` key, read with the currency's floor, ceiling and unit. */
type Problem =
  | 'rates.priceError'
  | 'rates.priceFloor'
  | 'rates.priceCeiling'
  | 'rates.numberError'
  | 'errors.invalid_range'
  | 'rates.group.includedPeopleError'
  | 'rates.group.childPercentError'
  | 'rates.extras.overtimePriceError';

/**
 * The group fields of the body (decision 151), or what is wrong with them. Overtime that is not
 * included needs its hourly price: it is the one extra the product charges.
 */
function groupBody(f: GroupForm, currency: Currency) {
  const included = /^\d{1,2}$/.test(f.includedPeople.trim()) ? Number(f.includedPeople) : NaN;
  if (!(included >= 1 && included <= 20)) return 'rates.group.includedPeopleError';
  const percent = /^\d{1,3}$/.test(f.childPercent.trim()) ? Number(f.childPercent) : NaN;
  if (!(percent >= 0 && percent <= 100)) return 'rates.group.childPercentError';
  const dayRateCents = f.dayRate.trim() === '' ? null : inputToMinor(f.dayRate, currency);
  if (f.dayRate.trim() !== '' && dayRateCents === null) return 'rates.priceError';
  const extras: GuideExtra[] = [];
  for (const kind of EXTRA_KINDS) {
    const e = f.extras[kind];
    if (e.state === '') continue;
    const included = e.state === 'included';
    if (kind === 'overtime_hour') {
      if (included) extras.push({ kind, included });
      else {
        const priceCents = inputToMinor(e.price, currency);
        if (priceCents === null) return 'rates.extras.overtimePriceError';
        extras.push({ kind, included, priceCents });
      }
    } else extras.push({ kind, included, ...(e.note.trim() ? { note: e.note.trim() } : {}) });
  }
  return {
    includedPeople: included,
    childPriceRate: percent / 100,
    infantsFree: f.infantsFree,
    dayRateCents,
    dayHours: f.dayHours,
    extras,
  } as const;
}

/** A sample price for the messages that show one, in the currency's usual size. */
const EXAMPLE: Record<Currency, string> = { CNY: '200', JPY: '4000' };

interface Form extends GroupForm, RulesForm {
  /** What every price below is typed in (decision 164). */
  currency: Currency;
  basic: string;
  additional: string;
  minPeople: string;
  maxPeople: string;
  minDuration: string;
  maxDuration: string;
  /** subcategory id → own price in `currency` ('' = the basic price). */
  services: Record<number, string>;
}

/** The currency, base and additional-person price, per-service prices, group size and duration ranges. */
export function RatesEditor() {
  const { t } = useTranslation('guideBusiness');
  const query = useMyRates();
  return (
    <Panel id="rates" title={t('rates.title')} description={t('rates.intro')}>
      {query.isPending || query.isError ? (
        <QueryFallback query={query} />
      ) : (
        <RatesForm key={formKey(query.data)} initial={query.data} />
      )}
    </Panel>
  );
}

function RatesForm({ initial: d }: { initial: RatesReply }) {
  const { t } = useTranslation('guideBusiness');
  const categories = useServiceCategories();
  const save = useSaveRates();
  const [form, setForm] = useState<Form>(() => ({
    currency: d.currency,
    basic: minorToInput(d.basicPricePerHourCents, d.currency),
    additional: minorToInput(d.additionalPricePerPersonCents, d.currency),
    minPeople: String(d.minPeople),
    maxPeople: String(d.maxPeople),
    minDuration: String(d.minDurationHours),
    maxDuration: String(d.maxDurationHours),
    services: Object.fromEntries(
      d.services.map((s) => [s.subcategoryId, s.priceCents === null ? '' : minorToInput(s.priceCents, d.currency)]),
    ),
    ...groupFormOf(d),
    ...rulesFormOf(d),
  }));
  const [error, setError] = useState<string | null>(null);
  // The prices under the floor at the last save ('basic', 'dayRate', 'services.<id>'), marked until changed.
  const [low, setLow] = useState<ReadonlySet<string>>(new Set());
  const locale = currentLocale();

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    const changed = (k: string) =>
      k.startsWith('services.')
        ? patch.services !== undefined && patch.services[Number(k.slice(9))] !== form.services[Number(k.slice(9))]
        : k in patch;
    if ([...low].some(changed)) setLow(new Set([...low].filter((k) => !changed(k))));
  };
  const serviceNames = new Map(
    (categories.data ?? []).flatMap((c) => c.subcategories.map((s) => [s.id, localName(s, locale)] as const)),
  );

  const cur = form.currency;
  const unit = t(`rates.unit.${cur}`);
  // Each price names what it buys: an hour for one traveler or for the group the hourly price covers (decision 180).
  const per = pricedFor(form.includedPeople);
  const say = (problem: Problem, fields: string[] = []) =>
    setError(
      t(problem === 'rates.priceError' ? `rates.priceError.${cur}` : problem, {
        min: formatMoney(MIN_HOURLY_PRICE[cur], cur, locale),
        max: formatMoney(MAX_PRICE[cur], cur, locale),
        unit,
        example: EXAMPLE[cur],
        fields: listText(fields, locale),
      }),
    );

  const submit = () => {
    const price = (text: string) => inputToMinor(text, cur);
    const basic = price(form.basic);
    const additional = price(form.additional);
    const ints = [form.minPeople, form.maxPeople, form.minDuration, form.maxDuration].map((v) =>
      /^\d{1,2}$/.test(v.trim()) ? Number(v) : NaN,
    );
    const services = Object.entries(form.services).map(([id, typed]) => ({
      subcategoryId: Number(id),
      priceCents: typed.trim() === '' ? null : price(typed),
    }));
    if (
      basic === null ||
      additional === null ||
      services.some((s) => s.priceCents === null && form.services[s.subcategoryId]!.trim() !== '')
    )
      return say('rates.priceError');
    // Every hourly price under the floor is named and marked: after a change of currency, a number typed as yuan often
    // is.
    const dayRate = form.dayRate.trim() === '' ? null : price(form.dayRate);
    const under: [key: string, name: string][] = [
      ...(basic < MIN_HOURLY_PRICE[cur] ? [['basic', t('rates.basic', { unit, ...per })] as [string, string]] : []),
      ...(dayRate !== null && dayRate < MIN_HOURLY_PRICE[cur]
        ? [['dayRate', t('rates.group.dayRate', { unit, hours: form.dayHours, ...per })] as [string, string]]
        : []),
      ...services
        .filter((s) => s.priceCents !== null && s.priceCents < MIN_HOURLY_PRICE[cur])
        .map((s): [string, string] => [
          `services.${s.subcategoryId}`,
          serviceNames.get(s.subcategoryId) ?? String(s.subcategoryId),
        ]),
    ];
    setLow(new Set(under.map(([key]) => key)));
    if (under.length)
      return say(
        'rates.priceFloor',
        under.map(([, name]) => name),
      );
    if (ints.some((n) => !Number.isInteger(n) || n < 1)) return say('rates.numberError');
    const [minPeople, maxPeople, minDurationHours, maxDurationHours] = ints as [number, number, number, number];
    if (minPeople > maxPeople || minDurationHours > maxDurationHours) return say('errors.invalid_range');
    const group = groupBody(form, cur);
    if (typeof group === 'string') return say(group);
    if (group.includedPeople > maxPeople) return say('errors.invalid_range');
    const overtime = group.extras.find((e) => e.priceCents !== undefined)?.priceCents;
    if (
      [basic, additional, group.dayRateCents, overtime, ...services.map((s) => s.priceCents)].some(
        (p) => p != null && p > MAX_PRICE[cur],
      )
    )
      return say('rates.priceCeiling');
    setError(null);
    save.mutate(
      {
        currency: cur,
        basicPricePerHourCents: basic,
        additionalPricePerPersonCents: additional,
        minPeople,
        maxPeople,
        minDurationHours,
        maxDurationHours,
        services,
        ...group,
        instantBook: form.instantBook,
        minNoticeHours: form.minNoticeHours,
        bufferMinutes: form.bufferMinutes,
        sellsThroughResellers: form.sellsThroughResellers,
      },
      {
        onSuccess: () => showToast({ title: t('rates.saved'), variant: 'success' }),
        onError: (err) => setError(t(saveErrorKey(err))),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <CurrencyChoice value={cur} saved={d.currency} onChange={(currency) => set({ currency })} />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('rates.basic', { unit, ...per })}
          hint={t('rates.basicHint', per)}
          inputMode="decimal"
          value={form.basic}
          aria-invalid={low.has('basic') || undefined}
          onChange={(e) => set({ basic: e.target.value })}
        />
        <TextField
          label={t('rates.additional', { unit, ...per })}
          hint={t('rates.additionalHint', per)}
          inputMode="decimal"
          value={form.additional}
          onChange={(e) => set({ additional: e.target.value })}
        />
        <TextField
          label={t('rates.minPeople')}
          inputMode="numeric"
          value={form.minPeople}
          onChange={(e) => set({ minPeople: e.target.value })}
        />
        <TextField
          label={t('rates.maxPeople')}
          inputMode="numeric"
          value={form.maxPeople}
          onChange={(e) => set({ maxPeople: e.target.value })}
        />
        <TextField
          label={t('rates.minDuration')}
          inputMode="numeric"
          value={form.minDuration}
          onChange={(e) => set({ minDuration: e.target.value })}
        />
        <TextField
          label={t('rates.maxDuration')}
          inputMode="numeric"
          value={form.maxDuration}
          onChange={(e) => set({ maxDuration: e.target.value })}
        />
      </div>

      <GroupPricingFields form={form} set={set} unit={unit} dayRateLow={low.has('dayRate')} />

      <BookingRulesFields form={form} set={set} pausedUntil={d.instantBookPausedUntil} />

      <fieldset className="mt-6">
        <legend className="font-semibold">{t('rates.services')}</legend>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('rates.servicesIntro')}</p>
        {categories.isPending && !categories.data ? (
          <Spinner />
        ) : (
          <div className="mt-3 space-y-4">
            {(categories.data ?? []).map((c) => (
              <div key={c.id}>
                <p className="text-sm font-medium text-stone-700 dark:text-stone-300">{localName(c, locale)}</p>
                <ul className="mt-2 space-y-2">
                  {c.subcategories.map((s) => {
                    const chosen = s.id in form.services;
                    const name = localName(s, locale);
                    return (
                      <li key={s.id} className="flex flex-wrap items-center gap-3">
                        <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="h-4 w-4 shrink-0 rounded border-stone-300 text-primary-600"
                            checked={chosen}
                            onChange={(e) => {
                              const next = { ...form.services };
                              if (e.target.checked) next[s.id] = '';
                              else delete next[s.id];
                              set({ services: next });
                            }}
                          />
                          <span className="min-w-0 break-words">{name}</span>
                        </label>
                        {chosen && (
                          <span className="flex w-40 items-center gap-1.5">
                            <input
                              aria-label={t('rates.servicePrice', { service: name, unit, ...per })}
                              placeholder={t('rates.servicePricePlaceholder', { price: form.basic })}
                              inputMode="decimal"
                              value={form.services[s.id]}
                              aria-invalid={low.has(`services.${s.id}`) || undefined}
                              onChange={(e) => set({ services: { ...form.services, [s.id]: e.target.value } })}
                              className={inputClass}
                            />
                            {/* The unit in sight, not only in the label a screen reader reads (decision 164). */}
                            <span aria-hidden className="shrink-0 text-sm text-stone-600 dark:text-stone-400">
                              {unit}
                            </span>
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        )}
      </fieldset>

      {error && (
        <p role="alert" className="mt-4 text-sm text-danger-600">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('rates.save')}
        </Button>
        <span className="text-xs text-stone-600 dark:text-stone-400">{t('rates.bookingsKept')}</span>
      </div>
    </form>
  );
}
