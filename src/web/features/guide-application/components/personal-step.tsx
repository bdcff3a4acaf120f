import { useTranslation } from 'react-i18next';
import { SERVICE_CITIES } from '../../../../shared/cities';
import {
  APPLICATION_GENDERS,
  APPLICATION_LANGUAGES,
  type GuideApplication,
} from '../../../../shared/schemas/guide-applications';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import type { FormState } from '../form';
import { formatZip } from '../form-inputs';
import { DocumentsField } from './documents';
import { LicenceDeclaration } from './licence-declaration';
import { CheckboxGroup } from './fields';
import { Section, type StepProps } from './step';
import { dateTimeFormat } from '../../../lib/intl';
import { localName } from '../../../lib/format';

const YEARS = (() => {
  const now = new Date().getFullYear();
  return Array.from({ length: now - 1950 + 1 }, (_, i) => String(now - i));
})();
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** Page 1: about the applicant, where they live, experience and qualification files. */
export function PersonalStep({ form, set, err, touch, application }: StepProps & { application: GuideApplication }) {
  const { t } = useTranslation('guideApplication');
  const locale = currentLocale();
  const monthName = (m: string) =>
    dateTimeFormat(locale === 'en' ? 'en-US' : locale, { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, Number(m) - 1, 1)),
    );
  return (
    <div className="space-y-8">
      <Section title={t('sections.identity')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="name" className="sm:col-span-2">
            <TextField
              label={t('fields.name')}
              value={form.name}
              maxLength={100}
              autoComplete="name"
              onChange={(e) => set({ name: e.target.value })}
              onBlur={touch('name')}
              error={err('name')}
            />
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
            <SelectField
              label={t('fields.gender')}
              value={form.gender}
              onChange={(e) => set({ gender: e.target.value as FormState['gender'] })}
              onBlur={touch('gender')}
              error={err('gender')}
            >
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
            <TextField
              label={t('fields.occupation')}
              value={form.occupation}
              maxLength={100}
              onChange={(e) => set({ occupation: e.target.value })}
              onBlur={touch('occupation')}
              error={err('occupation')}
            />
          </div>
          <div data-field="bio" className="sm:col-span-2">
            <TextAreaField
              label={t('fields.bio')}
              hint={t('fields.bioHint')}
              rows={5}
              value={form.bio}
              maxLength={3000}
              onChange={(e) => set({ bio: e.target.value })}
              onBlur={touch('bio')}
              error={err('bio')}
            />
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
          <fieldset
            data-field="residenceSince"
            className="min-w-0 sm:col-span-2"
            aria-describedby={err('residenceSince') ? 'residence-since-error' : undefined}
          >
            <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
              {t('fields.residenceSince')}
            </legend>
            <div className="mt-1.5 grid grid-cols-2 gap-3 sm:max-w-sm">
              <SelectField
                label={t('fields.residenceYear')}
                value={form.residenceYear}
                onChange={(e) => set({ residenceYear: e.target.value })}
                onBlur={touch('residenceSince')}
              >
                <option value="">{t('fields.choose')}</option>
                {YEARS.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('fields.residenceMonth')}
                value={form.residenceMonth}
                onChange={(e) => set({ residenceMonth: e.target.value })}
                onBlur={touch('residenceSince')}
              >
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
          <fieldset
            data-field="experienceMonths"
            className="min-w-0"
            aria-describedby={err('experience') ? 'experience-error' : undefined}
          >
            <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
              {t('fields.experienceMonths')}
            </legend>
            <div className="mt-1.5 grid grid-cols-2 gap-3">
              <TextField
                label={t('fields.experienceYears')}
                inputMode="numeric"
                maxLength={3}
                value={form.experienceYears}
                onChange={(e) => set({ experienceYears: e.target.value.replace(/[^\d]/g, '') })}
                onBlur={touch('experience')}
              />
              <TextField
                label={t('fields.experienceMonthsPart')}
                inputMode="numeric"
                maxLength={2}
                value={form.experienceMonths}
                onChange={(e) => set({ experienceMonths: e.target.value.replace(/[^\d]/g, '') })}
                onBlur={touch('experience')}
              />
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
        <DocumentsField
          documents={application.documents}
          max={application.maxDocuments}
          showMissing={!!err('documents')}
        />
      </Section>

      <Section title={t('sections.licence')}>
        <LicenceDeclaration
          licence={form.licence}
          onChange={(licence) => set({ licence })}
          documents={application.documents}
          showMissing={!!err('licence')}
        />
      </Section>
    </div>
  );
}
