import { useTranslation } from 'react-i18next';
import { TARGET_GROUPS } from '../../../../shared/schemas/guide-applications';
import { SelectField, TextField } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { currentLocale } from '../../../lib/i18n';
import { useServiceCategories } from '../../guides';
import type { FormState } from '../form';
import { CheckboxGroup } from './fields';
import { Section, type StepProps } from './step';
import { localName } from '../../../lib/format';

/** Yen first: a new application prices in yen until the applicant chooses yuan (decision 164). */
const CURRENCY_CHOICES = ['JPY', 'CNY'] as const;
/** A price of the usual size in each currency, for the hints. */
const EXAMPLE = { JPY: '4000', CNY: '300' } as const;

/**
 * Page 4: who they guide, group size and length, prices (typed in the chosen currency, sent in its minor unit) and
 * services.
 */
export function ServicesStep({ form, set, err, touch }: StepProps) {
  const { t } = useTranslation('guideApplication');
  const locale = currentLocale();
  const categories = useServiceCategories();
  const unit = t(`units.${form.currency}`);
  return (
    <div className="space-y-8">
      <CheckboxGroup
        field="targetGroups"
        legend={t('fields.targetGroups')}
        columns="sm:grid-cols-4"
        options={TARGET_GROUPS.map((g) => ({ value: g, label: t(`targetGroups.${g}`) }))}
        value={form.targetGroups}
        onChange={(targetGroups) => set({ targetGroups })}
        error={err('targetGroups')}
      />

      <Section title={t('sections.group')}>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {(['minPeople', 'maxPeople', 'minDurationHours', 'maxDurationHours'] as const).map((k) => (
            <div key={k} data-field={k}>
              <TextField
                label={t(`fields.${k}`)}
                inputMode="numeric"
                maxLength={2}
                value={form[k]}
                onChange={(e) => set({ [k]: e.target.value.replace(/[^\d]/g, '') })}
                onBlur={touch(k)}
                error={err(k)}
              />
            </div>
          ))}
        </div>
      </Section>

      <Section title={t('sections.pricing')}>
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('pricing.currencyNote')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="currency" className="sm:col-span-2 sm:max-w-xs">
            <SelectField
              label={t('fields.currency')}
              value={form.currency}
              onChange={(e) => set({ currency: e.target.value as FormState['currency'] })}
            >
              {CURRENCY_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {t(`currencies.${c}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <div data-field="basicPricePerHourCents">
            <TextField
              label={t('fields.basicPricePerHourCents')}
              hint={t('fields.basicPriceHint', { unit, example: EXAMPLE[form.currency] })}
              inputMode="decimal"
              maxLength={10}
              value={form.basicPrice}
              onChange={(e) => set({ basicPrice: e.target.value })}
              onBlur={touch('basicPrice')}
              error={err('basicPrice')}
            />
          </div>
          <div data-field="additionalPricePerPersonCents">
            <TextField
              label={t('fields.additionalPricePerPersonCents')}
              hint={t('fields.additionalPriceHint', { unit })}
              inputMode="decimal"
              maxLength={10}
              value={form.additionalPrice}
              onChange={(e) => set({ additionalPrice: e.target.value })}
              onBlur={touch('additionalPrice')}
              error={err('additionalPrice')}
            />
          </div>
        </div>
      </Section>

      <Section title={t('sections.services')}>
        {categories.isPending && !categories.categories ? (
          <Spinner label={t('services.loading')} />
        ) : (
          <div data-field="subcategoryIds" className="space-y-5">
            <p className="text-xs text-stone-600 dark:text-stone-400">{t('fields.subcategoriesHint')}</p>
            {categories.usingFallback && (
              <p className="text-xs text-stone-600 dark:text-stone-400">{t('services.fallback')}</p>
            )}
            {(categories.categories ?? []).map((c) => (
              <CheckboxGroup
                key={c.id}
                legend={localName(c, locale)}
                columns="sm:grid-cols-3"
                options={c.subcategories.map((s) => ({ value: s.id, label: localName(s, locale) }))}
                value={form.subcategoryIds.filter((id) => c.subcategories.some((s) => s.id === id))}
                onChange={(chosen) =>
                  set({
                    subcategoryIds: [
                      ...form.subcategoryIds.filter((id) => !c.subcategories.some((s) => s.id === id)),
                      ...chosen,
                    ],
                  })
                }
              />
            ))}
            {err('subcategoryIds') && (
              <p className="text-sm text-danger-600 dark:text-red-400">{err('subcategoryIds')}</p>
            )}
          </div>
        )}
      </Section>
    </div>
  );
}
