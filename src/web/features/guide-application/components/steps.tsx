import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_CITIES } from '../../../../shared/cities';
import { APPLICATION_GENDERS, APPLICATION_LANGUAGES, TARGET_GROUPS, type GuideApplication } from '../../../../shared/schemas/guide-applications';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { currentLocale } from '../../../lib/i18n';
import { useServiceCategories } from '../../guides';
import { ANSWER_KEYS, SCORE_KEYS, type FormState } from '../form';
import { formatZip } from '../form-inputs';
import { DocumentsField } from './documents';
import { LicenceDeclaration } from './licence-declaration';
import { CheckboxGroup, ScoreField } from './fields';
import { dateTimeFormat } from '../../../lib/intl';
import { localName } from '../../../lib/format';

export interface StepProps {
  form: FormState;
  set: (patch: Partial<FormState>) => void;
  /** The message to show for a field (once touched, or after a submit attempt), or null. */
  err: (key: string) => string | null;
  touch: (key: string) => () => void;
}


function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h3 className="border-b border-stone-200 pb-1.5 text-sm font-semibold uppercase tracking-wide text-stone-600 dark:border-stone-800 dark:text-stone-400">{title}</h3>
      {children}
    </section>
  );
}

const YEARS = (() => {
  const now = new Date().getFullYear();
  return Array.from({ length: now - 1950 + 1 }, (_, i) => String(now - i));
})();
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** Page 1: about the applicant, where they live, experience and qualification files. */
export function PersonalStep({ form, set, err, touch, application }: StepProps & { application: GuideApplication }) {
  const { t } = useTranslation('guideApplication');
  const locale = currentLocale();
  const monthName = (m: string) => dateTimeFormat(locale === 'en' ? 'en-US' : locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, Number(m) - 1, 1)));
  return (
    <div className="space-y-8">
      <Section title={t('sections.identity')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="name" className="sm:col-span-2">
            <TextField label={t('fields.name')} value={form.name} maxLength={100} autoComplete="name" onChange={(e) => set({ name: e.target.value })} onBlur={touch('name')} error={err('name')} />
          </div>
          <div data-field="age">
            <TextField
              label={t('fields.age')}
              hint={t('fields.ageHint')}
              inputMode="numeric"
              value={form.age}
              maxLength={3}
              onChange={(e) => set({ age: e.target.value.replace(/[^\d]/g, '') })}
              onBlur={touch('age')}
              error={err('age')}
            />
          </div>
          <div data-field="gender">
            <SelectField label={t('fields.gender')} value={form.gender} onChange={(e) => set({ gender: e.target.value as FormState['gender'] })} onBlur={touch('gender')} error={err('gender')}>
              <option value="">{t('fields.choose')}</option>
              {APPLICATION_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`genders.${g}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <div data-field="mbti">
            <TextField
              label={t('fields.mbti')}
              hint={t('fields.mbtiHint')}
              value={form.mbti}
              maxLength={4}
              autoCapitalize="characters"
              onChange={(e) => set({ mbti: e.target.value.toUpperCase() })}
              onBlur={touch('mbti')}
              error={err('mbti')}
            />
          </div>
          <div data-field="socialProfileLink">
            <TextField
              label={t('fields.socialProfileLink')}
              hint={t('fields.socialProfileLinkHint')}
              type="url"
              inputMode="url"
              value={form.socialProfileLink}
              maxLength={500}
              onChange={(e) => set({ socialProfileLink: e.target.value })}
              onBlur={touch('socialProfileLink')}
              error={err('socialProfileLink')}
            />
          </div>
          <div data-field="occupation" className="sm:col-span-2">
            <TextField label={t('fields.occupation')} value={form.occupation} maxLength={100} onChange={(e) => set({ occupation: e.target.value })} onBlur={touch('occupation')} error={err('occupation')} />
          </div>
          <div data-field="bio" className="sm:col-span-2">
            <TextAreaField label={t('fields.bio')} hint={t('fields.bioHint')} rows={5} value={form.bio} maxLength={3000} onChange={(e) => set({ bio: e.target.value })} onBlur={touch('bio')} error={err('bio')} />
          </div>
          <div className="sm:col-span-2">
            <CheckboxGroup
              field="languages"
              legend={t('fields.languages')}
              options={APPLICATION_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              value={form.languages}
              onChange={(languages) => set({ languages })}
              error={err('languages')}
            />
          </div>
        </div>
      </Section>

      <Section title={t('sections.residence')}>
        <CheckboxGroup
          field="serviceCities"
          legend={t('fields.serviceCities')}
          hint={t('fields.serviceCitiesHint')}
          columns="sm:grid-cols-5"
          options={SERVICE_CITIES.map((c) => ({ value: c.slug, label: localName(c, locale) }))}
          value={form.serviceCities}
          onChange={(serviceCities) => set({ serviceCities })}
          error={err('serviceCities')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="residenceArea">
            <TextField
              label={t('fields.residenceArea')}
              hint={t('fields.residenceAreaHint')}
              value={form.residenceArea}
              maxLength={200}
              onChange={(e) => set({ residenceArea: e.target.value })}
              onBlur={touch('residenceArea')}
              error={err('residenceArea')}
            />
          </div>
          <div data-field="residenceZipcode">
            <TextField
              label={t('fields.residenceZipcode')}
              hint={t('fields.residenceZipcodeHint')}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="123-4567"
              value={form.residenceZipcode}
              maxLength={10}
              onChange={(e) => set({ residenceZipcode: formatZip(e.target.value) })}
              onBlur={touch('residenceZipcode')}
              error={err('residenceZipcode')}
            />
          </div>
          <fieldset data-field="residenceSince" className="min-w-0 sm:col-span-2" aria-describedby={err('residenceSince') ? 'residence-since-error' : undefined}>
            <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{t('fields.residenceSince')}</legend>
            <div className="mt-1.5 grid grid-cols-2 gap-3 sm:max-w-sm">
              <SelectField label={t('fields.residenceYear')} value={form.residenceYear} onChange={(e) => set({ residenceYear: e.target.value })} onBlur={touch('residenceSince')}>
                <option value="">{t('fields.choose')}</option>
                {YEARS.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </SelectField>
              <SelectField label={t('fields.residenceMonth')} value={form.residenceMonth} onChange={(e) => set({ residenceMonth: e.target.value })} onBlur={touch('residenceSince')}>
                <option value="">{t('fields.choose')}</option>
                {MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {monthName(m)}
                  </option>
                ))}
              </SelectField>
            </div>
            {err('residenceSince') && (
              <p id="residence-since-error" className="mt-1.5 text-sm text-danger-600 dark:text-red-400">
                {err('residenceSince')}
              </p>
            )}
          </fieldset>
        </div>
      </Section>

      <Section title={t('sections.experience')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset data-field="experienceMonths" className="min-w-0" aria-describedby={err('experience') ? 'experience-error' : undefined}>
            <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{t('fields.experienceMonths')}</legend>
            <div className="mt-1.5 grid grid-cols-2 gap-3">
              <TextField label={t('fields.experienceYears')} inputMode="numeric" maxLength={3} value={form.experienceYears} onChange={(e) => set({ experienceYears: e.target.value.replace(/[^\d]/g, '') })} onBlur={touch('experience')} />
              <TextField label={t('fields.experienceMonthsPart')} inputMode="numeric" maxLength={2} value={form.experienceMonths} onChange={(e) => set({ experienceMonths: e.target.value.replace(/[^\d]/g, '') })} onBlur={touch('experience')} />
            </div>
            {err('experience') && (
              <p id="experience-error" className="mt-1.5 text-sm text-danger-600 dark:text-red-400">
                {err('experience')}
              </p>
            )}
          </fieldset>
          <div data-field="sessionCount" className="self-end">
            <TextField
              label={t('fields.sessionCount')}
              inputMode="numeric"
              maxLength={6}
              value={form.sessionCount}
              onChange={(e) => set({ sessionCount: e.target.value.replace(/[^\d]/g, '') })}
              onBlur={touch('sessionCount')}
              error={err('sessionCount')}
            />
          </div>
        </div>
      </Section>

      <Section title={t('sections.documents')}>
        <DocumentsField documents={application.documents} max={application.maxDocuments} showMissing={!!err('documents')} />
      </Section>

      <Section title={t('sections.licence')}>
        <LicenceDeclaration licence={form.licence} onChange={(licence) => set({ licence })} documents={application.documents} showMissing={!!err('licence')} />
      </Section>
    </div>
  );
}

/** Page 2: the three scores (1–9, bands 1–3 / 4–6 / 7–9) with a written description each. */
export function ScoresStep({ form, set, err, touch }: StepProps) {
  const { t } = useTranslation('guideApplication');
  return (
    <div className="space-y-8">
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('scores.intro')}</p>
      {SCORE_KEYS.map((k) => (
        <div key={k} className="space-y-4 rounded-xl border border-stone-200 p-4 dark:border-stone-800">
          <ScoreField score={k} value={form[`${k}Score`]} onChange={(v) => set({ [`${k}Score`]: v })} error={err(`${k}Score`)} />
          <div data-field={`${k}Description`}>
            <TextAreaField
              label={t(`fields.${k}Description`)}
              hint={t('scores.describe')}
              rows={3}
              maxLength={2000}
              value={form[`${k}Description`]}
              onChange={(e) => set({ [`${k}Description`]: e.target.value })}
              onBlur={touch(`${k}Description`)}
              error={err(`${k}Description`)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Page 3: five free-text answers. */
export function AnswersStep({ form, set, err, touch }: StepProps) {
  const { t } = useTranslation('guideApplication');
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('answers.intro')}</p>
      {ANSWER_KEYS.map((k) => (
        <div key={k} data-field={k}>
          <TextAreaField
            label={t(`fields.${k}`)}
            hint={t(`answers.${k}`)}
            rows={4}
            maxLength={2000}
            value={form[k]}
            onChange={(e) => set({ [k]: e.target.value })}
            onBlur={touch(k)}
            error={err(k)}
          />
        </div>
      ))}
    </div>
  );
}

/** Yen first: a new application prices in yen until the applicant chooses yuan (decision 164). */
const CURRENCY_CHOICES = ['JPY', 'CNY'] as const;
/** A price of the usual size in each currency, for the hints. */
const EXAMPLE = { JPY: '4000', CNY: '300' } as const;

/** Page 4: who they guide, group size and length, prices (typed in the chosen currency, sent in its minor unit) and services. */
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
              <TextField label={t(`fields.${k}`)} inputMode="numeric" maxLength={2} value={form[k]} onChange={(e) => set({ [k]: e.target.value.replace(/[^\d]/g, '') })} onBlur={touch(k)} error={err(k)} />
            </div>
          ))}
        </div>
      </Section>

      <Section title={t('sections.pricing')}>
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('pricing.currencyNote')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="currency" className="sm:col-span-2 sm:max-w-xs">
            <SelectField label={t('fields.currency')} value={form.currency} onChange={(e) => set({ currency: e.target.value as FormState['currency'] })}>
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
            {categories.usingFallback && <p className="text-xs text-stone-600 dark:text-stone-400">{t('services.fallback')}</p>}
            {(categories.categories ?? []).map((c) => (
              <CheckboxGroup
                key={c.id}
                legend={localName(c, locale)}
                columns="sm:grid-cols-3"
                options={c.subcategories.map((s) => ({ value: s.id, label: localName(s, locale) }))}
                value={form.subcategoryIds.filter((id) => c.subcategories.some((s) => s.id === id))}
                onChange={(chosen) => set({ subcategoryIds: [...form.subcategoryIds.filter((id) => !c.subcategories.some((s) => s.id === id)), ...chosen] })}
              />
            ))}
            {err('subcategoryIds') && <p className="text-sm text-danger-600 dark:text-red-400">{err('subcategoryIds')}</p>}
          </div>
        )}
      </Section>
    </div>
  );
}
