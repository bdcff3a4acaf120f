import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_CITIES } from '../../../../shared/cities';
import { hasVisibleText } from '../../../../shared/display-text';
import { TEXT_LANGUAGES, type GuideTextFields, type TextLanguage } from '../../../../shared/guide-texts';
import { formatMoney } from '../../../../shared/money-format';
import { formatPostalCode, postalCodeError } from '../../../../shared/messaging/postal-code';
import {
  PROFILE_GENDERS,
  RESPONSE_TIMES,
  type ProfileBody,
  type ProfileReply,
} from '../../../../shared/schemas/guide-business';
import { Button } from '../../../components/ui/button';
import { Panel, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { localeTextLanguage } from '../../../../shared/guide-texts';
import { saveErrorText, useMyProfile, useSaveProfile } from '../api/guide-business';
import { LanguageTabs } from './language-tabs';
import { formKey, QueryFallback } from './query-fallback';
import { localName } from '../../../lib/format';

type TextKey = keyof Required<GuideTextFields>;
const TEXT_FIELDS: TextKey[] = ['bio', 'ethicsDescription', 'boundaryDescription', 'supportiveDescription'];
type Texts = Record<TextLanguage, Record<TextKey, string>>;

interface Form {
  fullName: string;
  nickname: string;
  gender: string;
  age: string;
  city: string;
  mbti: string;
  backgroundImage: string;
  serviceCity: string;
  residenceZipCode: string;
  experienceYears: string;
  responseTime: string;
  originalLanguage: TextLanguage;
  texts: Texts;
}

function toForm(d: ProfileReply): Form {
  const texts = Object.fromEntries(
    TEXT_LANGUAGES.map((l) => [l, Object.fromEntries(TEXT_FIELDS.map((f) => [f, d.texts[l]?.[f] ?? '']))]),
  ) as Texts;
  return {
    fullName: d.fullName,
    nickname: d.nickname ?? '',
    gender: d.gender ?? '',
    age: d.age === null ? '' : String(d.age),
    city: d.city ?? '',
    mbti: d.mbti ?? '',
    backgroundImage: d.backgroundImage ?? '',
    serviceCity: d.serviceCity,
    residenceZipCode: d.residenceZipCode ?? '',
    experienceYears: String(d.experienceYears),
    responseTime: d.responseTime ?? '',
    originalLanguage: d.originalLanguage,
    texts,
  };
}

/** Profile fields and the texts per language (decision 070); prices link to the rates editor. */
export function ProfileEditor() {
  const { t } = useTranslation('guideBusiness');
  const query = useMyProfile();
  return (
    <Panel id="profile" title={t('profile.title')} description={t('profile.intro')}>
      {query.isPending || query.isError ? (
        <QueryFallback query={query} />
      ) : (
        <ProfileForm key={formKey(query.data)} initial={query.data} />
      )}
    </Panel>
  );
}

type Errors = Partial<
  Record<'fullName' | 'age' | 'mbti' | 'backgroundImage' | 'residenceZipCode' | 'experienceYears' | 'bio', string>
>;

function ProfileForm({ initial }: { initial: ProfileReply }) {
  const { t } = useTranslation(['guideBusiness', 'licences']);
  const save = useSaveProfile();
  const locale = currentLocale();
  const [form, setForm] = useState<Form>(() => toForm(initial));
  const [tab, setTab] = useState<TextLanguage>(initial.originalLanguage ?? localeTextLanguage(locale));
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const setText = (l: TextLanguage, field: TextKey, value: string) =>
    setForm((f) => ({ ...f, texts: { ...f.texts, [l]: { ...f.texts[l], [field]: value } } }));
  const written = Object.fromEntries(
    TEXT_LANGUAGES.map((l) => [l, TEXT_FIELDS.some((f) => form.texts[l][f].trim() !== '')]),
  ) as Record<TextLanguage, boolean>;

  const validate = (): Errors => {
    const e: Errors = {};
    if (!hasVisibleText(form.fullName)) e.fullName = t('profile.fullNameRequired');
    if (form.age.trim() && !(/^\d{1,3}$/.test(form.age.trim()) && Number(form.age) >= 18 && Number(form.age) <= 100))
      e.age = t('profile.ageError');
    if (form.mbti.trim() && !/^[EIei][NSns][TFtf][JPjp]$/.test(form.mbti.trim())) e.mbti = t('profile.mbtiError');
    if (form.backgroundImage.trim() && !/^https?:\/\/\S+$/i.test(form.backgroundImage.trim()))
      e.backgroundImage = t('profile.urlError');
    if (form.residenceZipCode.trim()) {
      const z = postalCodeError(form.residenceZipCode);
      if (z === 'not_digits') e.residenceZipCode = t('profile.postalNotDigits');
      else if (z) e.residenceZipCode = t('profile.postalLength');
    }
    if (!/^\d{1,2}$/.test(form.experienceYears.trim())) e.experienceYears = t('profile.yearsError');
    if (!form.texts[form.originalLanguage].bio.trim())
      e.bio = t('profile.bioRequired', { language: t(`texts.name.${form.originalLanguage}`) });
    return e;
  };

  const submit = () => {
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) {
      if (e.bio) setTab(form.originalLanguage);
      return setError(t('profile.fixErrors'));
    }
    setError(null);
    const texts: ProfileBody['texts'] = {};
    for (const l of TEXT_LANGUAGES) {
      const fields = Object.fromEntries(
        TEXT_FIELDS.map((f) => [f, form.texts[l][f].trim()]).filter(([, v]) => v !== ''),
      );
      if (Object.keys(fields).length) texts[l] = fields;
    }
    save.mutate(
      {
        fullName: form.fullName.trim(),
        nickname: form.nickname.trim() || null,
        gender: (form.gender || null) as ProfileBody['gender'],
        age: form.age.trim() ? Number(form.age) : null,
        city: form.city.trim() || null,
        mbti: form.mbti.trim() ? form.mbti.trim().toUpperCase() : null,
        backgroundImage: form.backgroundImage.trim() || null,
        serviceCity: form.serviceCity as ProfileBody['serviceCity'],
        residenceZipCode: form.residenceZipCode.trim() || null,
        experienceYears: Number(form.experienceYears),
        responseTime: (form.responseTime || null) as ProfileBody['responseTime'],
        originalLanguage: form.originalLanguage,
        texts,
      },
      {
        onSuccess: () => showToast({ title: t('profile.saved'), variant: 'success' }),
        onError: (err) => {
          const code = (err as { code?: string }).code;
          if (code === 'invalid_postal_code') {
            const kind = (err as { body?: { fields?: { message: string }[] } }).body?.fields?.[0]?.message;
            setErrors({
              residenceZipCode: kind === 'not_digits' ? t('profile.postalNotDigits') : t('profile.postalLength'),
            });
          }
          setError(saveErrorText(t, err));
        },
      },
    );
  };

  // Read-only here, in the currency the guide prices in (decision 164).
  const price = (minor: number) => formatMoney(minor, initial.currency, locale);
  const cityLabel = (c: (typeof SERVICE_CITIES)[number]) => localName(c, locale);
  const lang = form.originalLanguage;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('profile.fullName')}
          hint={t('profile.fullNameHint')}
          value={form.fullName}
          maxLength={100}
          autoComplete="name"
          error={errors.fullName}
          onChange={(e) => set({ fullName: e.target.value })}
        />
        <TextField
          label={t('profile.nickname')}
          value={form.nickname}
          maxLength={50}
          autoComplete="nickname"
          onChange={(e) => set({ nickname: e.target.value })}
        />
        <TextField
          label={t('profile.email')}
          value={initial.email ?? t('common:account.noEmail')}
          readOnly
          hint={t('profile.emailHint')}
        />
        <SelectField label={t('profile.gender')} value={form.gender} onChange={(e) => set({ gender: e.target.value })}>
          <option value="">{t('profile.notSaid')}</option>
          {PROFILE_GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`profile.genders.${g}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('profile.age')}
          inputMode="numeric"
          value={form.age}
          error={errors.age}
          onChange={(e) => set({ age: e.target.value })}
        />
        <TextField
          label={t('profile.city')}
          value={form.city}
          maxLength={100}
          hint={t('profile.cityHint')}
          onChange={(e) => set({ city: e.target.value })}
        />
        <TextField
          label={t('profile.mbti')}
          value={form.mbti}
          maxLength={4}
          placeholder="INFJ"
          error={errors.mbti}
          onChange={(e) => set({ mbti: e.target.value })}
        />
        <TextField
          label={t('profile.backgroundImage')}
          type="url"
          inputMode="url"
          value={form.backgroundImage}
          placeholder="https://"
          error={errors.backgroundImage}
          wrapperClassName="sm:col-span-2"
          onChange={(e) => set({ backgroundImage: e.target.value })}
        />
        <SelectField
          label={t('profile.serviceCity')}
          value={form.serviceCity}
          onChange={(e) => set({ serviceCity: e.target.value })}
        >
          {SERVICE_CITIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {cityLabel(c)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('profile.zip')}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="123-4567"
          value={form.residenceZipCode}
          error={errors.residenceZipCode}
          onChange={(e) => set({ residenceZipCode: formatPostalCode(e.target.value) })}
        />
        <TextField
          label={t('profile.experienceYears')}
          inputMode="numeric"
          value={form.experienceYears}
          error={errors.experienceYears}
          onChange={(e) => set({ experienceYears: e.target.value })}
        />
        <SelectField
          label={t('profile.responseTime')}
          value={form.responseTime}
          onChange={(e) => set({ responseTime: e.target.value })}
        >
          <option value="">{t('profile.notSaid')}</option>
          {RESPONSE_TIMES.map((r) => (
            <option key={r} value={r}>
              {t(`profile.responseTimes.${r}`)}
            </option>
          ))}
        </SelectField>
      </div>

      <section
        aria-labelledby="profile-prices"
        className="mt-6 rounded-lg border border-stone-200 p-4 dark:border-stone-700"
      >
        <h3 id="profile-prices" className="font-semibold">
          {t('profile.prices')}
        </h3>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-600 dark:text-stone-400">
              {t('rates.basic', { unit: t(`rates.unit.${initial.currency}`) })}
            </dt>
            <dd className="font-medium tabular-nums">{price(initial.basicPricePerHourCents)}</dd>
          </div>
          <div>
            <dt className="text-stone-600 dark:text-stone-400">
              {t('rates.additional', { unit: t(`rates.unit.${initial.currency}`) })}
            </dt>
            <dd className="font-medium tabular-nums">{price(initial.additionalPricePerPersonCents)}</dd>
          </div>
          <div>
            <dt className="text-stone-600 dark:text-stone-400">{t('profile.minHours')}</dt>
            <dd className="font-medium tabular-nums">{t('profile.hoursValue', { count: initial.minDurationHours })}</dd>
          </div>
        </dl>
        <a
          href="#rates"
          className="mt-3 inline-block text-sm font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          {t('profile.editPrices')}
        </a>
      </section>

      <fieldset className="mt-6">
        <legend className="font-semibold">{t('texts.title')}</legend>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('texts.intro')}</p>
        <SelectField
          label={t('texts.original')}
          hint={t('texts.originalHint')}
          value={lang}
          wrapperClassName="mt-3 max-w-xs"
          onChange={(e) => set({ originalLanguage: e.target.value as TextLanguage })}
        >
          {TEXT_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`texts.name.${l}`)}
            </option>
          ))}
        </SelectField>
        <div className="mt-4">
          <LanguageTabs id="profile-texts" value={tab} onChange={setTab} written={written} original={lang}>
            <div className="grid gap-4" lang={tab === 'zh' ? 'zh-CN' : tab}>
              <TextAreaField
                label={t('texts.bio', { language: t(`texts.name.${tab}`) })}
                rows={5}
                maxLength={2000}
                value={form.texts[tab].bio}
                error={tab === lang ? errors.bio : undefined}
                hint={tab === lang ? t('texts.bioRequiredHint') : t('texts.optionalHint')}
                onChange={(e) => setText(tab, 'bio', e.target.value)}
              />
              <p className="text-sm font-medium">{t('texts.howIGuide')}</p>
              {(['ethicsDescription', 'boundaryDescription', 'supportiveDescription'] as const).map((f) => (
                <TextAreaField
                  key={f}
                  label={t(`texts.${f}`, { language: t(`texts.name.${tab}`) })}
                  rows={2}
                  maxLength={2000}
                  value={form.texts[tab][f]}
                  onChange={(e) => setText(tab, f, e.target.value)}
                />
              ))}
            </div>
          </LanguageTabs>
        </div>
      </fieldset>

      {error && (
        <p role="alert" className="mt-4 text-sm text-danger-600">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('profile.save')}
        </Button>
        <span className="text-xs text-stone-600 dark:text-stone-400">{t('profile.searchAtOnce')}</span>
      </div>
    </form>
  );
}
