import { ChevronLeft, ChevronRight, ListChecks, Send, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GUIDE_SORTS, type GuideSort } from '../../shared/price-range';
import { parseSearchParams, toSearchString } from '../../shared/guide-search';
import type { GuideSearchParams } from '../../shared/guide-search-query';
import type { GuideSummary } from '../../shared/schemas/guides';
import { Button } from '../components/ui/button';
import { BottomBar } from '../components/ui/bottom-bar';
import { useDisplayCurrency } from '../lib/display-currency';
import {
  usePriceSliderBounds,
  useGuides,
  useServiceCategories,
  GuideCard,
  GuideGrid,
  GuidePhoto,
} from '../features/guides';
import { cityName } from '../lib/format';
import { SaveHeart } from '../features/saved-guides';
import { EmptyResults, SearchForm, useGuideSelection } from '../features/search';
import { currentLocale } from '../lib/i18n';
import { getSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { GuideCardChat } from './chat-buttons';
import { LazyDirectMessageDialog } from '../features/messaging/lazy';

const PAGE_SIZE = 12;
// The direct message to several guides is rarely opened: its code loads when first opened.

/** /search: the query string is the state (shareable, back button works); editing the form pushes a new entry. */
export function Component() {
  const { t } = useTranslation(['search', 'guides', 'licences']);
  const locale = currentLocale();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params = parseSearchParams(searchParams);
  const bounds = usePriceSliderBounds();
  const { categories, usingFallback } = useServiceCategories();
  // The band and the price sorts compare in the reader's currency, or the band's own (decision 168):
  // a band in the address without one is in yuan, as every link before it.
  const display = useDisplayCurrency();
  const banded = params.minPrice !== undefined || params.maxPrice !== undefined;
  // The cards price the searched trip in the reader's currency (decision 176), whatever the band's.
  const results = useGuides(
    { ...params, currency: params.currency ?? (banded ? 'CNY' : display), chargeCurrency: display },
    PAGE_SIZE,
  );
  const { selected, toggle, clear } = useGuideSelection();
  // Multi-select is on when the reader turned it on, or (until they choose) when this tab kept a
  // selection; hydration first renders with none, as the server did.
  const [selectingChoice, setSelecting] = useState<boolean | null>(null);
  const selecting = selectingChoice ?? selected.length > 0;
  const [messaging, setMessaging] = useState(false);
  const title = params.city ? t('results.titleIn', { city: cityName(params.city, locale) }) : t('results.title');
  useDocumentTitle(title);

  const go = (next: GuideSearchParams) => navigate(`/search?${toSearchString(next)}`);
  const renderCard = (g: GuideSummary, i: number) => (
    <GuideCard
      guide={g}
      eagerPhoto={i < 4}
      saveSlot={<SaveHeart guideId={g.id} saved={g.isSaved} />}
      chatSlot={<GuideCardChat guideId={g.id} name={g.user.fullName} />}
      selectable={selecting}
      selected={selected.some((s) => s.id === g.id)}
      onSelectedChange={(on) => toggle({ id: g.id, name: g.user.fullName, photo: g.user.profilePicture }, on)}
    />
  );
  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="mx-auto max-w-6xl px-4 pb-28 pt-6 md:pt-8">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-4">
        <SearchForm
          key={searchParams.toString()}
          initial={params}
          requireFields={false}
          categories={categories}
          categoriesFallback={usingFallback}
          bounds={bounds}
          onSearch={(p) => go({ ...p, sort: params.sort, licensed: params.licensed, instantBook: params.instantBook })}
          collapsible
        />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        {/* The results' heading (the cards below are h3): the count of guides found. */}
        <h2 className="text-sm font-normal text-stone-600 dark:text-stone-400" aria-live="polite">
          {results.data ? t('results.count', { count: total }) : '\u00a0'}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex min-h-9 items-center gap-2 text-sm" title={t('licences:filter.hint')}>
            <input
              type="checkbox"
              className="h-5 w-5 rounded border-stone-300 accent-primary-600"
              checked={params.licensed === true}
              onChange={(e) => go({ ...params, licensed: e.target.checked || undefined, page: 1 })}
            />
            {t('licences:filter.label')}
          </label>
          <label className="flex min-h-9 items-center gap-2 text-sm" title={t('filters.instantBookHint')}>
            <input
              type="checkbox"
              className="h-5 w-5 rounded border-stone-300 accent-primary-600"
              checked={params.instantBook === true}
              onChange={(e) => go({ ...params, instantBook: e.target.checked || undefined, page: 1 })}
            />
            {t('filters.instantBook')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <span className="text-stone-600 dark:text-stone-400">{t('results.sort')}</span>
            <select
              className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm dark:border-stone-700 dark:bg-stone-900"
              value={params.sort}
              onChange={(e) => go({ ...params, sort: e.target.value as GuideSort, page: 1 })}
            >
              {GUIDE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant={selecting ? 'primary' : 'outline'}
            size="sm"
            aria-pressed={selecting}
            onClick={() => setSelecting(!selecting)}
          >
            <ListChecks className="h-4 w-4" aria-hidden />
            {selecting ? t('select.done') : t('select.start')}
          </Button>
        </div>
      </div>

      <div
        className={results.isPlaceholderData ? 'mt-4 opacity-60 transition-opacity' : 'mt-4 transition-opacity'}
        aria-busy={results.isFetching}
      >
        <GuideGrid
          guides={results.data?.data}
          isLoading={results.isPending}
          isError={results.isError}
          onRetry={() => void results.refetch()}
          renderCard={renderCard}
          empty={
            <EmptyResults
              params={{ ...params, chargeCurrency: display }}
              withoutFilter={results.data?.withoutFilter}
              categories={categories}
              onChange={(p) => void go(p)}
              renderCard={renderCard}
            />
          }
        />
      </div>

      {results.data && pages > 1 && (
        <nav className="mt-8 flex items-center justify-center gap-3" aria-label={t('results.pagination')}>
          <Button
            variant="outline"
            size="sm"
            disabled={params.page <= 1}
            onClick={() => go({ ...params, page: params.page - 1 })}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
            {t('results.previous')}
          </Button>
          <span className="text-sm text-stone-600 dark:text-stone-400">
            {t('results.page', { page: params.page, pages })}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={params.page >= pages}
            onClick={() => go({ ...params, page: params.page + 1 })}
          >
            {t('results.next')}
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </nav>
      )}

      {selected.length > 0 && (
        <BottomBar>
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
            <div className="flex -space-x-2" aria-hidden>
              {selected.slice(0, 5).map((g) => (
                <GuidePhoto
                  key={g.id}
                  src={g.photo}
                  alt={g.name}
                  size={32}
                  className="h-8 w-8 rounded-full border-2 border-white dark:border-stone-900"
                />
              ))}
            </div>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold" role="status">
                {t('select.count', { count: selected.length })}
              </p>
              <p className="truncate text-xs text-stone-500 dark:text-stone-400">{t('select.hint')}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={clear}>
              <X className="h-4 w-4" aria-hidden />
              <span className="max-sm:sr-only">{t('select.clear')}</span>
            </Button>
            <Button
              variant="accent"
              size="sm"
              onClick={() => {
                if (getSession()) setMessaging(true);
                else navigate(`/login?redirect=${encodeURIComponent(`/search?${searchParams.toString()}`)}`);
              }}
            >
              <Send className="h-4 w-4" aria-hidden />
              {t('select.message')}
            </Button>
          </div>
        </BottomBar>
      )}
      {messaging && (
        <Suspense fallback={null}>
          <LazyDirectMessageDialog
            open={messaging}
            onOpenChange={setMessaging}
            guides={selected}
            onRemove={(g) => toggle(g, false)}
            date={params.date}
            travelers={params.travelers ?? 1}
          />
        </Suspense>
      )}
    </div>
  );
}
