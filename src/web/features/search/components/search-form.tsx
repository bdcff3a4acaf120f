import { Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { todayInZone } from '../../../../shared/availability';
import { DEFAULT_GUIDE_TIME_ZONE, SERVICE_CITIES, type ServiceCitySlug } from '../../../../shared/cities';
import type { GuideSearchParams } from '../../../../shared/guide-search-query';
import { SEARCH_LANGUAGES, TRAVELER_OPTIONS, type SearchLanguage } from '../../../../shared/price-range';
import { defaultPriceBand, PRICE_SLIDER } from '../../../../shared/price-slider';
import { useDisplayCurrency } from '../../../lib/display-currency';
import type { ServiceCategory } from '../../../../shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { DateSelect } from '../../../components/ui/date-select';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { filterLabels } from '../lib/filter-labels';
import { PriceRange } from './price-range';
import { ServicesPicker } from './services-picker';
import { localName } from '../../../lib/format';
import { LengthSelect, lengthLabel, lengthOfValue, lengthValue } from './length-select';

const fieldClass =
  'mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 shadow-sm ' +
  'focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 ' +
  'aria-[invalid=true]:border-danger-600';
const labelClass = 'block text-sm font-medium text-stone-700 dark:text-stone-200';
const name = localName;
const DEFAULT_TRAVELERS = 2;

export interface SearchFormProps {
  initial: GuideSearchParams;
  /**
   * Landing: destination and travelers are required (docs/rules/guides-and-licences.md). /search allows "all cities".
   */
  requireFields: boolean;
  categories: ServiceCategory[] | undefined;
  categoriesFallback?: boolean;
  bounds: { min: number; max: number };
  onSearch: (params: GuideSearchParams) => void;
  /**
   * On phones the form folds into one tappable bar (docs/rules/look-and-language.md) that names every active filter.
   */
  collapsible?: boolean;
}

export function SearchForm({
  initial,
  requireFields,
  categories,
  categoriesFallback,
  bounds,
  onSearch,
  collapsible,
}: SearchFormProps) {
  const { t } = useTranslation(['search', 'guides']);
  const locale = currentLocale();
  const id = useId();
  const [city, setCity] = useState<string>(initial.city ?? '');
  const [date, setDate] = useState(initial.date ?? '');
  const [language, setLanguage] = useState<string>(initial.language ?? '');
  // Where the count is required (the landing) it starts at two, the usual party: a first tap of Search
  // then asks only for the destination, not for a field the traveler never saw as empty.
  const [travelers, setTravelers] = useState(
    initial.travelers ? String(Math.min(initial.travelers, 10)) : requireFields ? String(DEFAULT_TRAVELERS) : '',
  );
  // Of the travelers, how many are children and infants: the cards then price the group by age (decision 152).
  const [children, setChildren] = useState(initial.children ?? 0);
  const [infants, setInfants] = useState(initial.infants ?? 0);
  const count = travelers ? Number(travelers) : 0;
  const ages =
    count > 1 && children + infants < count ? { children: children || undefined, infants: infants || undefined } : {};
  // How long (decision 176): days, or hours; a link's days with hours keeps both until the choice changes.
  const initialLength = lengthValue(initial);
  const [length, setLength] = useState(initialLength);
  const trip = length === initialLength ? { days: initial.days, hours: initial.hours } : lengthOfValue(length);
  const [services, setServices] = useState<number[]>(initial.services);
  // The band is in the reader's currency (decision 168); one from a link in the other currency starts afresh.
  const currency = useDisplayCurrency();
  const fallbackBand = defaultPriceBand(bounds, currency);
  const [band, setBand] = useState<{ min: number; max: number } | null>(
    (initial.minPrice !== undefined || initial.maxPrice !== undefined) && (initial.currency ?? 'CNY') === currency
      ? { min: initial.minPrice ?? bounds.min, max: initial.maxPrice ?? bounds.max }
      : null,
  );
  const [errors, setErrors] = useState<{ city?: string; travelers?: string }>({});
  const [open, setOpen] = useState(false);
  const shownBand = band ?? (requireFields ? fallbackBand : bounds);
  // A band from the URL outside today's prices widens the slider instead of being silently clamped.
  const round = PRICE_SLIDER[currency].round;
  const sliderBounds = {
    min: Math.min(bounds.min, Math.floor(shownBand.min / round) * round),
    max: Math.max(bounds.max, Math.ceil(shownBand.max / round) * round),
  };
  const sliderValue = shownBand;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (requireFields && !city) next.city = t('errors.destination');
    if (requireFields && !travelers) next.travelers = t('errors.travelers');
    setErrors(next);
    if (next.city || next.travelers) {
      document.getElementById(next.city ? `${id}-city` : `${id}-travelers`)?.focus();
      return;
    }
    // The landing's default band is shown but filters only once the traveler moves it:
    // applied silently, it hid guides priced outside 100–500 that nobody asked to hide.
    const priced = band;
    onSearch({
      city: (city || undefined) as ServiceCitySlug | undefined,
      date: date || undefined,
      language: (language || undefined) as SearchLanguage | undefined,
      travelers: travelers ? Number(travelers) : undefined,
      ...ages,
      ...trip,
      services,
      minPrice: priced?.min,
      maxPrice: priced?.max,
      ...(priced && { currency }),
      page: 1,
      sort: initial.sort,
    });
    setOpen(false);
  };

  const cityLabel = city
    ? name(
        SERVICE_CITIES.find((c) => c.slug === city)!,
        locale,
      )
    : t('form.allCities');
  // The folded bar sums up every filter (decision 104): the form's values, and the licence checkbox beside it.
  const current = {
    date: date || undefined,
    travelers: travelers ? Number(travelers) : undefined,
    ...ages,
    language: (language || undefined) as SearchLanguage | undefined,
    services,
    minPrice: band?.min,
    maxPrice: band?.max,
    currency,
    licensed: initial.licensed,
    instantBook: initial.instantBook,
  };

  return (
    <div>
      {collapsible && (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          className="flex w-full items-center gap-3 rounded-full border border-stone-300 bg-white px-4 py-3 text-left text-sm shadow-soft md:hidden dark:border-stone-700 dark:bg-stone-900"
        >
          <Search className="h-4 w-4 shrink-0 text-primary-600" aria-hidden />
          <span className="line-clamp-2 min-w-0 flex-1" data-testid="search-summary">
            {[
              cityLabel,
              lengthLabel(trip, t, locale),
              ...filterLabels(current, t, locale, categories).map((f) => f.label),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <SlidersHorizontal className="h-4 w-4 shrink-0 text-stone-500 dark:text-stone-400" aria-hidden />
        </button>
      )}
      <form
        id={`${id}-form`}
        onSubmit={submit}
        noValidate
        aria-label={t('form.label')}
        className={cn(
          'rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 shadow-soft sm:p-5 dark:border-stone-800 dark:bg-stone-900',
          collapsible && !open && 'hidden md:block',
          collapsible && open && 'mt-3 md:mt-0',
        )}
      >
        {/* The date is three selects: its column is wider, so "Month", "Day" and "Year" are read whole. */}
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[1fr_1.6fr_1fr_1fr_1fr_1fr]">
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={`${id}-city`} className={labelClass}>
              {t('form.destination')}
            </label>
            <select
              id={`${id}-city`}
              className={fieldClass}
              value={city}
              onChange={(e) => {
                setCity(e.target.value);
                setErrors((x) => ({ ...x, city: undefined }));
              }}
              aria-invalid={!!errors.city}
              aria-required={requireFields || undefined}
              aria-describedby={errors.city ? `${id}-city-error` : undefined}
            >
              <option value="">{requireFields ? t('form.chooseCity') : t('form.allCities')}</option>
              {SERVICE_CITIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {name(c, locale)}
                </option>
              ))}
            </select>
            {errors.city && (
              <p id={`${id}-city-error`} role="alert" className="mt-1 text-sm text-danger-600">
                {errors.city}
              </p>
            )}
          </div>
          <div className="col-span-2 sm:col-span-1">
            <label id={`${id}-date-label`} htmlFor={`${id}-date`} className={labelClass}>
              {t('form.date')}
            </label>
            <DateSelect
              id={`${id}-date`}
              labelId={`${id}-date-label`}
              className="mt-1"
              partClassName="h-11 py-0"
              value={date}
              min={todayInZone(DEFAULT_GUIDE_TIME_ZONE)}
              onChange={setDate}
            />
          </div>
          <div>
            <label htmlFor={`${id}-length`} className={labelClass}>
              {t('form.length')}
            </label>
            <LengthSelect
              id={`${id}-length`}
              className={fieldClass}
              value={length}
              onChange={setLength}
              initial={initial}
            />
          </div>
          <div>
            <label htmlFor={`${id}-language`} className={labelClass}>
              {t('form.language')}
            </label>
            <select
              id={`${id}-language`}
              className={fieldClass}
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
            >
              <option value="">{t('form.anyLanguage')}</option>
              {SEARCH_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`guides:languages.${l}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={`${id}-travelers`} className={labelClass}>
              {t('form.travelers')}
            </label>
            <select
              id={`${id}-travelers`}
              className={fieldClass}
              value={travelers}
              onChange={(e) => {
                setTravelers(e.target.value);
                // At least one adult stays: ages that no longer fit the count are cleared.
                if (children + infants >= Number(e.target.value)) {
                  setChildren(0);
                  setInfants(0);
                }
                setErrors((x) => ({ ...x, travelers: undefined }));
              }}
              aria-invalid={!!errors.travelers}
              aria-required={requireFields || undefined}
              aria-describedby={errors.travelers ? `${id}-travelers-error` : undefined}
            >
              <option value="">{t('form.chooseTravelers')}</option>
              {TRAVELER_OPTIONS.map((n) => (
                <option key={n} value={String(n)}>
                  {n === 10 ? t('form.tenPlus') : n}
                </option>
              ))}
            </select>
            {errors.travelers && (
              <p id={`${id}-travelers-error`} role="alert" className="mt-1 text-sm text-danger-600">
                {errors.travelers}
              </p>
            )}
            {count > 1 && (
              <div className="mt-2 grid grid-cols-2 items-end gap-2">
                <AgeSelect
                  id={`${id}-children`}
                  label={t('form.children')}
                  value={children}
                  max={count - 1 - infants}
                  onChange={setChildren}
                />
                <AgeSelect
                  id={`${id}-infants`}
                  label={t('form.infants')}
                  value={infants}
                  max={count - 1 - children}
                  onChange={setInfants}
                />
              </div>
            )}
          </div>
          <div className="col-span-2 sm:col-span-1">
            <span className={labelClass} id={`${id}-services-label`}>
              {t('form.services')}
            </span>
            <ServicesPicker
              categories={categories}
              fallback={categoriesFallback}
              value={services}
              onChange={setServices}
              locale={locale}
              triggerClass={fieldClass}
              labelId={`${id}-services-label`}
            />
          </div>
        </div>
        <div className="mt-5 grid grid-cols-1 items-end gap-4 md:grid-cols-[1fr_auto]">
          <PriceRange
            currency={currency}
            bounds={sliderBounds}
            value={sliderValue}
            onChange={setBand}
            hint={requireFields && !band ? t('form.bandNotApplied') : undefined}
          />
          <Button type="submit" variant="accent" size="lg" className="w-full bg-accent-600 hover:bg-accent-700 md:w-44">
            <Search className="h-5 w-5" aria-hidden />
            {t('form.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** How many of the travelers are of an age (0 up to all but one adult). */
function AgeSelect({
  id,
  label,
  value,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  max: number;
  onChange: (n: number) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs text-stone-600 dark:text-stone-400">
        {label}
      </label>
      <select
        id={id}
        className={cn(fieldClass, 'h-9')}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: Math.max(0, max) + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
