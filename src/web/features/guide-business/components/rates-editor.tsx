import { useState } from 'react';
import { localName } from '../../../../shared/locales';
import type { RatesReply } from '../../../../shared/schemas/guide-business';
import { MIN_HOURLY_PRICE_FEN, MIN_HOURLY_PRICE_RMB } from '../../../../shared/price-range';
import { fenToInput } from '../../../../shared/money-format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass, Panel, TextField } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useServiceCategories } from '../../guides';
import { saveErrorKey, useMyRates, useSaveRates } from '../api/guide-business';
import { formKey, QueryFallback } from './query-fallback';
import { EXTRA_KINDS, type GuideExtra } from '../../../../shared/booking/money-rules';
import { GroupPricingFields, groupFormOf, type GroupForm } from './group-pricing-fields';
import { BookingRulesFields, rulesFormOf, type RulesForm } from './booking-rules-fields';

/** RMB typed by the guide → integer fen (null when not a price). */
export function rmbToFen(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/**
 * The group fields of the body (decision 151), or the locale key of what is wrong with them. Overtime
 * that is not included needs its hourly price: it is the one extra the product charges.
 */
function groupBody(f: GroupForm) {
  const included = /^\d{1,2}$/.test(f.includedPeople.trim()) ? Number(f.includedPeople) : NaN;
  if (!(included >= 1 && included <= 20)) return 'rates.group.includedPeopleError';
  const percent = /^\d{1,3}$/.test(f.childPercent.trim()) ? Number(f.childPercent) : NaN;
  if (!(percent >= 0 && percent <= 100)) return 'rates.group.childPercentError';
  const dayRateCents = f.dayRate.trim() === '' ? null : rmbToFen(f.dayRate);
  if (f.dayRate.trim() !== '' && dayRateCents === null) return 'rates.priceError';
  if (dayRateCents !== null && dayRateCents < MIN_HOURLY_PRICE_FEN) return 'rates.priceFloor';
  const extras: GuideExtra[] = [];
  for (const kind of EXTRA_KINDS) {
    const e = f.extras[kind];
    if (e.state === '') continue;
    const included = e.state === 'included';
    if (kind === 'overtime_hour') {
      if (included) extras.push({ kind, included });
      else {
        const priceCents = rmbToFen(e.price);
        if (priceCents === null) return 'rates.extras.overtimePriceError';
        extras.push({ kind, included, priceCents });
      }
    } else extras.push({ kind, included, ...(e.note.trim() ? { note: e.note.trim() } : {}) });
  }
  return { includedPeople: included, childPriceRate: percent / 100, infantsFree: f.infantsFree, dayRateCents, dayHours: f.dayHours, extras };
}

interface Form extends GroupForm, RulesForm {
  basic: string;
  additional: string;
  minPeople: string;
  maxPeople: string;
  minDuration: string;
  maxDuration: string;
  /** subcategory id → own price in RMB ('' = the basic price). */
  services: Record<number, string>;
}

/** Base and additional-person price, per-service prices, group size and duration ranges. */
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
    basic: fenToInput(d.basicPricePerHourCents),
    additional: fenToInput(d.additionalPricePerPersonCents),
    minPeople: String(d.minPeople),
    maxPeople: String(d.maxPeople),
    minDuration: String(d.minDurationHours),
    maxDuration: String(d.maxDurationHours),
    services: Object.fromEntries(d.services.map((s) => [s.subcategoryId, s.priceCents === null ? '' : fenToInput(s.priceCents)])),
    ...groupFormOf(d),
    ...rulesFormOf(d),
  }));
  const [error, setError] = useState<string | null>(null);
  const locale = currentLocale();

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    const basic = rmbToFen(form.basic);
    const additional = rmbToFen(form.additional);
    const ints = [form.minPeople, form.maxPeople, form.minDuration, form.maxDuration].map((v) => (/^\d{1,2}$/.test(v.trim()) ? Number(v) : NaN));
    const services = Object.entries(form.services).map(([id, price]) => ({ subcategoryId: Number(id), priceCents: price.trim() === '' ? null : rmbToFen(price) }));
    if (basic === null || additional === null || services.some((s) => s.priceCents === null && form.services[s.subcategoryId]!.trim() !== '')) return setError(t('rates.priceError'));
    if ([basic, ...services.map((s) => s.priceCents)].some((p) => p !== null && p < MIN_HOURLY_PRICE_FEN)) {
      return setError(t('rates.priceFloor', { min: MIN_HOURLY_PRICE_RMB }));
    }
    if (ints.some((n) => !Number.isInteger(n) || n < 1)) return setError(t('rates.numberError'));
    const [minPeople, maxPeople, minDurationHours, maxDurationHours] = ints as [number, number, number, number];
    if (minPeople > maxPeople || minDurationHours > maxDurationHours) return setError(t('errors.invalid_range'));
    const group = groupBody(form);
    if (typeof group === 'string') return setError(t(group, { min: MIN_HOURLY_PRICE_RMB }));
    if (group.includedPeople > maxPeople) return setError(t('errors.invalid_range'));
    setError(null);
    save.mutate(
      { basicPricePerHourCents: basic, additionalPricePerPersonCents: additional, minPeople, maxPeople, minDurationHours, maxDurationHours, services, ...group, instantBook: form.instantBook, minNoticeHours: form.minNoticeHours, bufferMinutes: form.bufferMinutes },
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
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('rates.basic')} hint={t('rates.basicHint')} inputMode="decimal" value={form.basic} onChange={(e) => set({ basic: e.target.value })} />
            <TextField label={t('rates.additional')} hint={t('rates.additionalHint')} inputMode="decimal" value={form.additional} onChange={(e) => set({ additional: e.target.value })} />
            <TextField label={t('rates.minPeople')} inputMode="numeric" value={form.minPeople} onChange={(e) => set({ minPeople: e.target.value })} />
            <TextField label={t('rates.maxPeople')} inputMode="numeric" value={form.maxPeople} onChange={(e) => set({ maxPeople: e.target.value })} />
            <TextField label={t('rates.minDuration')} inputMode="numeric" value={form.minDuration} onChange={(e) => set({ minDuration: e.target.value })} />
            <TextField label={t('rates.maxDuration')} inputMode="numeric" value={form.maxDuration} onChange={(e) => set({ maxDuration: e.target.value })} />
          </div>

          <GroupPricingFields form={form} set={set} />

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
                                className="h-4 w-4 rounded border-stone-300 text-primary-600"
                                checked={chosen}
                                onChange={(e) => {
                                  const next = { ...form.services };
                                  if (e.target.checked) next[s.id] = '';
                                  else delete next[s.id];
                                  set({ services: next });
                                }}
                              />
                              <span className="truncate">{name}</span>
                            </label>
                            {chosen && (
                              <span className="block w-36">
                              <input
                                aria-label={t('rates.servicePrice', { service: name })}
                                placeholder={t('rates.servicePricePlaceholder', { price: form.basic })}
                                inputMode="decimal"
                                value={form.services[s.id]}
                                onChange={(e) => set({ services: { ...form.services, [s.id]: e.target.value } })}
                                className={inputClass}
                              />
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
