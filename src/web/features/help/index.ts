/** Help centre: articles (Markdown per locale, lazily loaded), search and rendering. */
export {
  HELP_ARTICLES,
  HELP_GROUPS,
  articleForPath,
  type HelpArticleMeta,
  type HelpGroup,
  type HelpSlug,
} from './articles';
export { useHelpArticles } from './api';
export { searchArticles, type SearchHit } from './search';
export type { Article } from './markdown';
export { ArticleBody } from './components/article-body';
export { TableOfContents } from './components/table-of-contents';
export { helpArticlesQuery } from './api';
/** A legal document beside a consent box, opened in a sheet over the form. */
export { LegalDocLink } from './components/legal-doc-link';
