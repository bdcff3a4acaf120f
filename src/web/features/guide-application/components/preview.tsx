import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_CITIES } from '../../../../shared/cities';
import type { GuideApplication } from '../../../../shared/schemas/guide-applications';
import { formatMoney } from '../../../../shared/money-format';
import { buttonClass } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import { useServiceCategories } from '../../guides';
import { ANSWER_KEYS, priceOf, SCORE_KEYS, scoreBandOf, type FormState } from '../form';
import { localName } from '../../../lib/format';

/** The preview (become-guide flow): every answer of the four pages, with a way back to each. */
export function ApplicationPreview({ form, documents }: { form: FormState; documents: GuideApplication['documents'] }) {
  const { t } = useTranslation('guideApplication');
  const locale = currentLocale();
  const zh = locale !== 'en';
  const categories = useServiceCategories();
  const subNames = new Map(
    (categories.categories ?? []).flatMap((c) => c.subcategories.map((s) => [s.id, localName(s, locale)] as const)),
  );
  const list = (xs: string[]) => (xs.length ? xs.join(zh ? '、' : ', ') : null);
  // An amount with its unit, in the currency chosen on page 4: ¥4,000 (JPY) / 4,000 日元 / 4,000円, or 300 RMB / 300 元.
  const money = (typed: string) => {
    const minor = typed.trim() ? priceOf(typed, form.currency) : null;
    return minor === null ? null : formatMoney(minor, form.currency, locale);
  };
  const since =
    form.residenceYear && form.residenceMonth
      ? zh
        ? `${form.residenceYear}年${Number(form.residenceMonth)}月`
        : `${form.residenceMonth}/${form.residenceYear}`
      : null;
  const experience =
    form.experienceYears || form.experienceMonths
      ? t('experienceValue', { years: Number(form.experienceYears || 0), months: Number(form.experienceMonths || 0) })
      : null;

  const pages: { n: 1 | 2 | 3 | 4; rows: [string, ReactNode][] }[] = [
    {
      n: 1,
      rows: [
        [t('fields.name'), form.name.trim() || null],
        [t('fields.age'), form.age || null],
        [t('fields.gender'), form.gender ? t(`genders.${form.gender}`) : null],
        [t('fields.mbti'), form.mbti || null],
        [t('fields.socialProfileLink'), form.socialProfileLink || null],
        [t('fields.occupation'), form.occupation.trim() || null],
        [t('fields.bio'), form.bio.trim() || null],
        [t('fields.languages'), list(form.languages.map((l) => t(`languages.${l}`)))],
        [
          t('fields.serviceCities'),
          list(
            form.serviceCities
              .map((s) => SERVICE_CITIES.find((c) => c.slug === s))
              .filter((c) => !!c)
              .map((c) => localName(c, locale)),
          ),
        ],
        [t('fields.residenceArea'), form.residenceArea.trim() || null],
        [t('fields.residenceZipcode'), form.residenceZipcode || null],
        [t('fields.residenceSince'), since],
        [t('fields.experienceMonths'), experience],
        [t('fields.sessionCount'), form.sessionCount || null],
        [
          t('fields.documents'),
          documents.length ? (
            <ul className="space-y-1">
              {documents.map((d) => (
                <li key={d.id}>
                  <span className="break-all">{d.fileName}</span>
                  {d.description ? ` — ${d.description}` : ''}
                </li>
              ))}
            </ul>
          ) : null,
        ],
      ],
    },
    {
      n: 2,
      rows: SCORE_KEYS.flatMap((k): [string, ReactNode][] => {
        const score = form[`${k}Score`];
        const band = scoreBandOf(score);
        return [
          [
            t(`fields.${k}Score`),
            score === null ? null : t('scores.selected', { score, band: t(`scores.bands.${band!.band}`) }),
          ],
          [t(`fields.${k}Description`), form[`${k}Description`].trim() || null],
        ];
      }),
    },
    { n: 3, rows: ANSWER_KEYS.map((k): [string, ReactNode] => [t(`fields.${k}`), form[k].trim() || null]) },
    {
      n: 4,
      rows: [
        [t('fields.targetGroups'), list(form.targetGroups.map((g) => t(`targetGroups.${g}`)))],
        [t('fields.minPeople'), form.minPeople || null],
        [t('fields.maxPeople'), form.maxPeople || null],
        [t('fields.minDurationHours'), form.minDurationHours || null],
        [t('fields.maxDurationHours'), form.maxDurationHours || null],
        [t('fields.currency'), t(`currencies.${form.currency}`)],
        [t('fields.basicPricePerHourCents'), money(form.basicPrice)],
        [t('fields.additionalPricePerPersonCents'), money(form.additionalPrice)],
        [t('fields.subcategoryIds'), list(form.subcategoryIds.map((id) => subNames.get(id) ?? `#${id}`))],
      ],
    },
  ];

  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('preview.intro')}</p>
      {pages.map((p) => (
        <section
          key={p.n}
          aria-labelledby={`preview-${p.n}`}
          className="rounded-xl border border-stone-200 dark:border-stone-800"
        >
          <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-2.5 dark:border-stone-800">
            <h3 id={`preview-${p.n}`} className="font-semibold">
              {t('preview.page', { n: p.n, title: t(`steps.${p.n}`) })}
            </h3>
            <Link
              to={`?step=${p.n}`}
              className={buttonClass('outline', 'sm')}
              aria-label={`${t('nav.edit')}: ${t(`steps.${p.n}`)}`}
            >
              {t('nav.edit')}
            </Link>
          </div>
          <dl className="divide-y divide-stone-100 px-4 dark:divide-stone-800">
            {p.rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 py-2.5 text-sm sm:grid-cols-3 sm:gap-4">
                <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
                <dd className="min-w-0 whitespace-pre-line break-words sm:col-span-2">
                  {value ?? <span className="italic text-stone-500 dark:text-stone-400">{t('preview.empty')}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
