import { useNavigate } from 'react-router';
import { toSearchString } from '../../shared/guide-search';
import type { GuideSearchParams } from '../../shared/guide-search-query';
import { usePriceSliderBounds, useServiceCategories } from '../features/guides';
import { SearchForm } from '../features/search';

const EMPTY_SEARCH: GuideSearchParams = { services: [], page: 1, sort: 'recommended' };

/**
 * The landing page's search form with its data, split from the page: it hydrates a moment after the
 * text around it, so its code is not part of the page's first download.
 */
export default function HomeSearch() {
  const navigate = useNavigate();
  const bounds = usePriceSliderBounds();
  const { categories, usingFallback } = useServiceCategories();
  return (
    <SearchForm
      initial={EMPTY_SEARCH}
      requireFields
      categories={categories}
      categoriesFallback={usingFallback}
      bounds={bounds}
      onSearch={(p) => navigate(`/search?${toSearchString(p)}`)}
    />
  );
}
