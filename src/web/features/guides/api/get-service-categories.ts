import { useQuery } from '@tanstack/react-query';
import type { ServiceCategory } from '../../../../shared/schemas/catalog';
import { SERVICE_CATALOGUE } from '../../../../shared/service-categories';
import { apiRequest } from '../../../lib/api-client';
import { guideKeys } from './keys';

/** GET /api/v2/service-categories. */
export async function getServiceCategories(): Promise<ServiceCategory[]> {
  return (await apiRequest<{ data: ServiceCategory[] }>('/api/v2/service-categories')).data;
}

/**
 * docs/rules/look-and-language.md: service tags fall back to the legacy list when the category call fails. The legacy
 * list is the built-in catalogue; its ids follow the order the reference seed inserts it in.
 */
export function legacyServiceCategories(): ServiceCategory[] {
  let sub = 0;
  return SERVICE_CATALOGUE.map((c, i) => ({
    id: i + 1,
    nameEn: c.nameEn,
    nameCn: c.nameCn,
    nameJa: c.nameJa,
    subcategories: c.subcategories.map((s) => ({ id: ++sub, nameEn: s.nameEn, nameCn: s.nameCn, nameJa: s.nameJa })),
  }));
}

export function useServiceCategories() {
  const query = useQuery({
    queryKey: guideKeys.categories,
    queryFn: getServiceCategories,
    meta: { errorToast: 'guides:categories.failed', sharedWithVisitors: true },
  });
  return {
    ...query,
    categories: query.data ?? (query.isError ? legacyServiceCategories() : undefined),
    usingFallback: query.isError,
  };
}
