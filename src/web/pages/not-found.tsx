import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary-600 dark:text-primary-400" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-stone-600 dark:text-stone-400">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/" variant="primary">
          {t('notFound.home')}
        </ButtonLink>
        <ButtonLink to="/search" variant="outline">
          {t('notFound.search')}
        </ButtonLink>
      </div>
    </section>
  );
}
