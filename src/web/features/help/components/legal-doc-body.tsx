import { useTranslation } from 'react-i18next';
import { CURRENT_LEGAL_VERSIONS, LEGAL_PATHS, type LegalKind } from '../../../../shared/legal/documents';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useHelpArticles } from '../api';
import { HELP_ARTICLES } from '../articles';
import { ArticleBody } from './article-body';

/** A legal document's current text in the reader's language, as its page shows it (decision 123), in the sheet. */
export default function LegalDocBody({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const articles = useHelpArticles(locale);
  const meta = HELP_ARTICLES.find((a) => 'legal' in a && a.legal === kind)!;
  const article = articles[meta.slug];
  const legal = CURRENT_LEGAL_VERSIONS[kind];
  return (
    <div data-testid={`legal-doc-${kind}`}>
      <p className="text-sm text-stone-500 dark:text-stone-400">
        {t('legalDoc.version', {
          version: legal.version,
          date: formatCalendarDate(legal.effectiveDate, locale, { month: 'long' }),
        })}{' '}
        ·{' '}
        <a
          href={LEGAL_PATHS[kind]}
          target="_blank"
          rel="noopener"
          className="font-medium text-primary-700 underline dark:text-primary-300"
        >
          {t('legalDoc.newTab')}
        </a>
      </p>
      {article.lead && <p className="mt-3 text-stone-700 dark:text-stone-300">{article.lead}</p>}
      <ArticleBody blocks={article.blocks} />
    </div>
  );
}
