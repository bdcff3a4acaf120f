import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Locale } from '../../../shared/locales';
import { loadArticles } from './articles';

export const helpArticlesQuery = (locale: Locale) =>
  queryOptions({ queryKey: ['help', 'articles', locale], queryFn: () => loadArticles(locale), staleTime: Infinity });

/** All help articles of a locale (one lazy chunk), suspending until they are loaded. */
export function useHelpArticles(locale: Locale) {
  return useSuspenseQuery(helpArticlesQuery(locale)).data;
}
